# ruff: noqa
"""Post-race analysis for a sailing regatta: GPS speed logs of every boat in every race are
smoothed, velocity made good towards each mark is computed, leg times are accumulated into
elapsed times, and the fleet is scored with low-point scoring and one discard; prints the
podium."""
from functools import partial
from itertools import accumulate

import numpy as np


def ewma(x, alpha):
    y = np.empty_like(x)
    y[0] = x[0]
    for i in range(1, len(x)):
        y[i] = alpha * x[i] + (1.0 - alpha) * y[i - 1]
    return y


class Race:
    def __init__(self, n_boats, n_samples, n_legs, rng):
        self.heading = rng.normal(0.0, 0.5, size=(n_boats, n_samples))  # off the rhumb line
        skill = rng.normal(6.0, 0.4, size=(n_boats, 1))
        self.speed = np.abs(skill + rng.normal(0.0, 1.2, size=(n_boats, n_samples)))
        self.current = rng.normal(0.0, 0.3, size=n_legs)
        self.n_legs = n_legs

    def vmg(self, smoothing):
        smooth = np.stack(list(map(partial(ewma, alpha=smoothing), self.speed)))
        legs = np.array_split(np.arange(self.speed.shape[1]), self.n_legs)
        out = np.empty((self.speed.shape[0], self.n_legs))
        for k, idx in enumerate(legs):
            out[:, k] = (smooth[:, idx] * np.cos(self.heading[:, idx])).mean(1) + self.current[k]
        return out


def elapsed_times(vmg, leg_length=1.2):
    times = []
    for boat in vmg:
        leg_times = [leg_length / max(v, 0.3) for v in boat]
        times.append(list(accumulate(leg_times))[-1])
    return np.array(times)


def low_point(elapsed):
    order = np.argsort(elapsed)
    points = np.empty(len(elapsed))
    points[order] = np.arange(1, len(elapsed) + 1)
    return points


rng = np.random.default_rng(21)
n_boats = 24
table = []
total_time = 0.0
for r in range(7):
    race = Race(n_boats, 60000, 8, rng)
    elapsed = elapsed_times(race.vmg(0.02))
    total_time += elapsed.sum()
    table.append(low_point(elapsed))
table = np.array(table).T
net = table.sum(1) - table.max(1)
podium = np.argsort(net)[:3]
for place, b in enumerate(podium, 1):
    print(f"{place}. boat {b:02d}: {net[b]:.0f} points")
print(f"result: {net @ np.arange(1, n_boats + 1) + total_time:.10e}")
