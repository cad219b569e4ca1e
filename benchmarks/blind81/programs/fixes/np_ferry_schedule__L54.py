# ruff: noqa
"""Ferry timetable planner for an island network: for every day and every route the boarding
queue of each sailing is simulated from seeded arrival rates, the sailings are logged by a
Scheduler, and the load factors and late departures are summarised per route."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Route:
    name: str
    capacity: int
    crossing_min: float
    sailings_per_day: int


@dataclass
class SailingLog:
    rows: np.ndarray = field(default_factory=lambda: np.empty((0, 7)))

    def record(self, sailing):
        self.rows = np.concatenate([self.rows, sailing[None, :]], axis=0)

    @property
    def size(self):
        return self.rows.shape[0]


class Scheduler:
    def __init__(self, routes, rng):
        self.routes = routes
        self.rng = rng
        self.log = SailingLog()

    def board(self, idx, route, t):
        arrivals = self.rng.poisson(route.capacity * 0.85)
        boarded = min(arrivals, route.capacity)
        delay = max(0.0, self.rng.normal(2.0, 3.0)) + 0.01 * boarded
        return np.array([idx, t, route.capacity, arrivals, boarded, delay, route.crossing_min + delay])

    def run(self, n_days):
        for day in range(n_days):
            for idx, route in enumerate(self.routes):
                gap = 1080.0 / route.sailings_per_day
                for k in range(route.sailings_per_day):
                    t = day * 1440.0 + 300.0 + k * gap
                    self.log.record(self.board(idx, route, t))
        return self.log


def summarise(rows, routes):
    summary = []
    for idx, route in enumerate(routes):
        mine = rows[rows[:, 0] == idx]
        load = mine[:, 4].sum() / mine[:, 2].sum()
        late = (mine[:, 5] > 5.0).mean()
        summary.append([load, late, mine[:, 3].max()])
    return np.array(summary)


routes = [
    Route("harbour-north", 420, 35.0, 14),
    Route("harbour-south", 380, 50.0, 12),
    Route("outer-isles", 150, 95.0, 6),
    Route("channel-express", 600, 25.0, 16),
    Route("lagoon-loop", 90, 20.0, 10),
]
rng = np.random.default_rng(11)
log = Scheduler(routes, rng).run(n_days=250)
rows = log.rows
summary = summarise(rows, routes)
for route, (load, late, peak) in zip(routes, summary):
    print(f"{route.name:>16}: load {load:.3f}, late {late:.3f}, peak queue {peak:.0f}")
waits = np.sort(rows[:, 5])[::-1][:20]
print(f"sailings: {log.size}, worst delays: {waits[:3].round(2)}")
print(f"result: {summary.sum() + rows[:, 4].sum() + rows[:, 5].sum():.10e}")
