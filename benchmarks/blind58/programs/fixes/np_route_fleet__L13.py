# ruff: noqa
"""Delivery-fleet simulation for a logistics depot: each van builds a nearest-neighbour tour
over its assigned customers, travels it with noisy speeds and service times, and every stop is
logged (van, customer, arrival time, load); the run reports late deliveries and mean tour length."""
import numpy as np


class StopLog:
    def __init__(self):
        self.items = []

    def on_stop(self, van, customer, arrival, load):
        self.items.append([van, customer, arrival, load])

    @property
    def rows(self):
        return np.array(self.items, dtype=float).reshape(-1, 4)


def tour(depot, points):
    left = list(range(len(points)))
    here = depot
    order = []
    while left:
        d = np.hypot(points[left, 0] - here[0], points[left, 1] - here[1])
        k = int(np.argmin(d))
        order.append(left.pop(k))
        here = points[order[-1]]
    return order


def drive(van, depot, points, demand, rng, callback):
    t, load, here = 0.0, demand.sum(), depot
    lengths = 0.0
    for c in tour(depot, points):
        leg = float(np.hypot(*(points[c] - here)))
        lengths += leg
        t += leg / rng.uniform(25.0, 45.0) * 60.0 + rng.exponential(4.0)
        load -= demand[c]
        callback(van, c, t, load)
        here = points[c]
    return lengths


rng = np.random.default_rng(21)
log = StopLog()
n_vans, per_van = 26, 800
summaries = np.empty((0, 2))
for van in range(n_vans):
    pts = rng.uniform(0.0, 40.0, size=(per_van, 2))
    dem = rng.integers(1, 12, size=per_van).astype(float)
    length = drive(van, np.array([20.0, 20.0]), pts, dem, rng, log.on_stop)
    summaries = np.concatenate([summaries, [[van, length]]])
rows = log.rows
late = (rows[:, 2] > 480.0).sum()
print(f"stops {len(rows)}, late {late}, mean tour {summaries[:, 1].mean():.1f} km")
print(f"result: {rows[:, 2].sum() + rows[:, 3].sum() + summaries.sum() + late:.10e}")
