# ruff: noqa
"""Fire brigade response planning: a year of synthetic incidents is dispatched to the nearest
available stations, crews accumulate hours on shift, and a crew is rested when its recent
workload passes a limit. Prints response-time statistics per district."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Crew:
    name: str
    window: int = 240
    hours: np.ndarray = field(default=None)
    pos: int = 0

    def __post_init__(self):
        self.hours = np.zeros(self.window)

    def log(self, h):
        self.hours[self.pos % self.window] = h
        self.pos += 1

    @property
    def recent_load(self):
        return self.hours.sum()


@dataclass
class Station:
    x: float
    y: float
    crew: Crew


def make_stations(rng, n):
    xy = rng.uniform(0, 40, size=(n, 2))
    return [Station(float(x), float(y), Crew(f"crew-{i:02d}")) for i, (x, y) in enumerate(xy)]


def dispatch(stations, coords, incidents, limit, rng):
    times = np.empty(len(incidents))
    rested = 0
    for k, (ix, iy, sev) in enumerate(incidents):
        d = np.hypot(coords[:, 0] - ix, coords[:, 1] - iy)
        order = np.argsort(d)
        chosen = order[0]
        for s in order[:3]:
            if stations[s].crew.recent_load < limit:
                chosen = s
                break
        else:
            rested += 1
        speed = 0.8 + 0.2 * rng.random()
        times[k] = d[chosen] / speed + 2.0 * sev
        stations[chosen].crew.log(times[k] / 60.0 + 0.5 * sev)
    return times, rested


def shift_report(stations, shift):
    snapshot = np.array([st.crew.hours[:8] for st in stations]).copy()
    return float(snapshot.mean()) + shift * 1e-6


rng = np.random.default_rng(11)
stations = make_stations(rng, 24)
coords = np.array([[s.x, s.y] for s in stations])
n = 14000
incidents = np.column_stack([rng.uniform(0, 40, n), rng.uniform(0, 40, n), rng.integers(1, 4, n)])
incidents = [tuple(r) for r in incidents.tolist()]
all_times = []
check = 0.0
per_shift = n // 28
for shift in range(28):
    chunk = incidents[shift * per_shift:(shift + 1) * per_shift]
    times, rested = dispatch(stations, coords, chunk, limit=70.0, rng=rng)
    all_times.append(times)
    check += shift_report(stations, shift) + rested
t = np.concatenate(all_times)
district = (np.array([c[0] for c in incidents[: len(t)]]) // 10).astype(int)
for d in range(4):
    print(f"district {d}: median response {np.median(t[district == d]):.2f} min")
print(f"result: {t.sum() + check:.10e}")
