# ruff: noqa
"""Same-day dispatch for a bicycle courier co-op: a day's jobs (pickup, drop-off, ready time) are
assigned one by one to the rider whose detour, current workload and lateness cost least; the day
ends with a payout and lateness report per bike type."""
from dataclasses import dataclass, field

import numpy as np

KM_PER_MIN = {"cargo": 0.22, "road": 0.38, "ebike": 0.42}
CAPACITY = 1024


@dataclass
class Rider:
    name: str
    bike: str
    x: float
    y: float
    _legs: np.ndarray = field(default_factory=lambda: np.zeros(CAPACITY))
    n_legs: int = 0
    clock: float = 0.0

    @property
    def legs_km(self):
        return self._legs[: self.n_legs]

    @property
    def workload_km(self):
        return float(self.legs_km.sum())

    def ride(self, job, dist_pickup, dist_job):
        self._legs[self.n_legs] = dist_pickup + dist_job
        self.n_legs += 1
        self.clock = max(self.clock + dist_pickup / KM_PER_MIN[self.bike], job.ready) + dist_job / KM_PER_MIN[self.bike]
        self.x, self.y = job.dx, job.dy
        return max(0.0, self.clock - job.due)


@dataclass
class Job:
    px: float
    py: float
    dx: float
    dy: float
    ready: float
    due: float


def make_day(rng, n_jobs):
    p = rng.uniform(0, 12, size=(n_jobs, 2))
    d = p + rng.normal(0, 2.5, size=(n_jobs, 2))
    ready = np.sort(rng.uniform(0, 6 * 600, size=n_jobs))
    due = ready + rng.uniform(30, 120, size=n_jobs)
    return [Job(*p[i].tolist(), *d[i].tolist(), float(ready[i]), float(due[i])) for i in range(n_jobs)]


def dispatch(riders, jobs, weights):
    pos = np.array([[r.x, r.y] for r in riders])
    speed = np.array([KM_PER_MIN[r.bike] for r in riders])
    late_total = 0.0
    for job in jobs:
        d_pick = np.hypot(pos[:, 0] - job.px, pos[:, 1] - job.py)
        d_job = float(np.hypot(job.dx - job.px, job.dy - job.py))
        load = np.array([r.workload_km for r in riders])
        clocks = np.array([r.clock for r in riders])
        eta = np.maximum(clocks + d_pick / speed, job.ready) + d_job / speed
        cost = weights[0] * d_pick + weights[1] * load + weights[2] * np.maximum(eta - job.due, 0.0)
        k = int(np.argmin(cost))
        late_total += riders[k].ride(job, float(d_pick[k]), d_job)
        pos[k] = (job.dx, job.dy)
    return late_total


rng = np.random.default_rng(2024)
bikes = ["cargo", "road", "ebike"]
riders = [Rider(f"rider-{i:02d}", bikes[i % 3], *rng.uniform(0, 12, size=2).tolist()) for i in range(30)]
jobs = make_day(rng, 7000)
late = dispatch(riders, jobs, weights=(1.0, 0.004, 0.05))
kinds = np.array([r.bike for r in riders])
km = np.array([r.legs_km.sum() for r in riders])
for kind in ("cargo", "road", "ebike"):
    mask = kinds == kind
    print(f"{kind:>6}: {mask.sum()} riders, {km[mask].sum():8.1f} km, payout {2.1 * km[mask].sum():9.2f}")
print(f"late minutes: {late:.1f}")
print(f"result: {late + km.sum():.10e}")
