# ruff: noqa
"""Baggage sorter simulation for an airport hub: bags arrive at check-in desks in bursts, ride
the conveyor loop to their flight's make-up carousel (with random jams), and a logging hook
records every bag's transit time; prints the late-bag rate of each flight bank."""
from functools import partial

import numpy as np


class TransitLog:
    def __init__(self):
        self.rows = np.empty((0, 3))

    def record(self, tick, transit, flights):
        rows = np.column_stack([np.full(len(transit), tick), transit, flights])
        self.rows = np.concatenate([self.rows, rows])


def route(desks, carousels, speed, jam_rate, rng, n):
    desk = rng.integers(0, len(desks), n)
    flight = rng.integers(0, len(carousels), n)
    dist = np.abs(desks[desk] - carousels[flight]) + 40.0
    jams = rng.random(n) < jam_rate
    return dist / speed + jams * rng.exponential(90.0, n), flight


def run(ticks, hook, rng):
    desks = np.linspace(0.0, 600.0, 24)
    carousels = np.linspace(50.0, 900.0, 16)
    for tick in range(ticks):
        n = rng.poisson(9)
        if n == 0:
            continue
        transit, flight = route(desks, carousels, 1.6, 0.03, rng, n)
        hook(tick, transit, flight)


rng = np.random.default_rng(5)
log = TransitLog()
run(8000, partial(TransitLog.record, log), rng)
rows = log.rows
bank = (rows[:, 0] // 2000).astype(int)
summary = np.empty((0, 2))
for b in range(4):
    sel = rows[bank == b]
    summary = np.concatenate([summary, [[b, np.mean(sel[:, 1] > 450.0)]]])
for b, late in summary:
    print(f"bank {int(b)}: late {late:.3%}")
print(f"result: {rows[:, 1].sum() + summary[:, 1].sum():.10e}")
