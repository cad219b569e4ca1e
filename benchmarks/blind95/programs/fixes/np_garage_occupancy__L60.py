# ruff: noqa
"""Occupancy and revenue model for a multi-level parking garage: a year of synthetic
minute-by-minute entries and exits per level, the running occupancy of every level, the minutes
each level spends full, and the revenue under a time-of-day tariff."""
from dataclasses import dataclass

import numpy as np

MINUTES_PER_DAY = 1440
TARIFF_PER_HOUR = np.array([1.0] * 6 + [2.5] * 4 + [2.0] * 6 + [3.0] * 4 + [1.5] * 4)


@dataclass
class Level:
    name: str
    capacity: int
    start: int
    arrivals: np.ndarray
    departures: np.ndarray


def running_occupancy(start, arrivals, departures):
    occ = start
    for a, d in zip(arrivals, departures):
        occ = occ + a - d
        yield occ


def occupancy_series(level):
    n = level.arrivals.shape[0]
    return np.fromiter(running_occupancy(level.start, level.arrivals, level.departures), dtype=np.int64, count=n)


def traffic(rng, n_days, peak):
    minute = np.arange(n_days * MINUTES_PER_DAY) % MINUTES_PER_DAY
    hour = minute / 60.0
    rate_in = peak * np.exp(-0.5 * ((hour - 8.5) / 1.5) ** 2) + 0.3 * peak * np.exp(-0.5 * ((hour - 18.0) / 2.0) ** 2)
    rate_out = peak * np.exp(-0.5 * ((hour - 17.5) / 1.5) ** 2) + 0.3 * peak * np.exp(-0.5 * ((hour - 12.5) / 2.0) ** 2)
    return rng.poisson(rate_in), rng.poisson(rate_out)


def hourly_revenue(occ, tariff):
    hours = occ.reshape(-1, 60).mean(axis=1)
    per_hour = np.resize(tariff, hours.shape[0])
    return float((hours * per_hour).sum())


def build_levels(rng, n_levels, n_days):
    levels = []
    for i in range(n_levels):
        cap = 220 + 40 * i
        arr, dep = traffic(rng, n_days, peak=1.2 + 0.15 * i)
        levels.append(Level(f"L{i}", cap, cap // 10, arr, dep))
    return levels


def analyse(levels):
    summary = {}
    for level in levels:
        tariff = TARIFF_PER_HOUR
        occ = occupancy_series(level)
        occ = np.clip(occ, 0, level.capacity)
        full = int((occ >= level.capacity).sum())
        summary[level.name] = (full, hourly_revenue(occ, tariff), int(occ.max()))
    return summary


rng = np.random.default_rng(23)
levels = build_levels(rng, n_levels=8, n_days=365)
summary = analyse(levels)
for name, (full, revenue, peak) in summary.items():
    print(f"{name}: full {full} min, peak {peak} cars, revenue {revenue:.0f}")
print(f"result: {sum(f + r + p for f, r, p in summary.values()):.10e}")
