# ruff: noqa
"""Discrete-event simulation of a hospital's wards over five years, hour by hour: patients
arrive, stay a lognormal number of hours and are discharged; each ward keeps its census log and
the program reports occupancy percentiles and overflow hours per ward."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Ward:
    name: str
    beds: int
    mean_stay: float
    census: np.ndarray = field(default_factory=lambda: np.zeros(0))
    overflow: int = 0

    def record(self, occupied):
        self.census = np.append(self.census, occupied)
        if occupied > self.beds:
            self.overflow += 1


class Hospital:
    def __init__(self, wards, rng):
        self.wards = wards
        self.rng = rng

    def run(self, hours):
        for ward in self.wards:
            rate = 0.85 * ward.beds / ward.mean_stay
            arrivals = self.rng.poisson(rate, size=hours)
            leave = np.full(4 * ward.beds, -1.0)
            for t in range(hours):
                k = arrivals[t]
                if k:
                    free = np.flatnonzero(leave < t)[:k]
                    leave[free] = t + self.rng.lognormal(np.log(ward.mean_stay), 0.5, size=free.size)
                ward.record(int(np.count_nonzero(leave >= t)))


rng = np.random.default_rng(11)
wards = [Ward(f"ward-{c}", beds, stay) for c, beds, stay in
         zip("ABCDEFGH", (24, 30, 18, 40, 12, 28, 36, 20), (70.0, 96.0, 50.0, 120.0, 30.0, 80.0, 110.0, 60.0))]
hospital = Hospital(wards, rng)
hospital.run(5 * 8760)
summary = []
for ward in wards:
    p50, p95 = np.percentile(ward.census, [50, 95])
    summary = np.concatenate([summary, [p50, p95, ward.overflow]])
    print(f"{ward.name}: median {p50:.0f}, p95 {p95:.0f} of {ward.beds} beds, overflow {ward.overflow} h")
total = sum(w.census.sum() for w in wards)
print(f"result: {total + summary.sum():.10e}")
