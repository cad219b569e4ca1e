# ruff: noqa
"""Ferry-scheduling demand model: minute-by-minute vehicle arrivals at four terminals over 900
days are smoothed into a demand level, which sizes the number of sailings per hour on each
route; the timetable and its unmet demand are summarised."""
from dataclasses import dataclass

import numpy as np
from scipy.signal import find_peaks

@dataclass(frozen=True)
class Route:
    name: str
    capacity: int
    base_rate: float


ROUTES = [
    Route("harbour-isle", 60, 0.9),
    Route("north-quay", 45, 0.6),
    Route("point-ferry", 80, 1.3),
    Route("sound-link", 30, 0.4),
]
TIMETABLE = np.array([0, 1, 1, 2, 3, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 3, 2, 2, 1, 1, 0], float)


def arrivals(route, rng, n_minutes):
    minute = np.arange(n_minutes)
    daily = 1.0 + 0.8 * np.sin(2 * np.pi * (minute % 1440) / 1440 - np.pi / 2)
    return rng.poisson(route.base_rate * daily).astype(float)


def smoothed(counts, alpha):
    level = counts[0]
    for c in counts:
        level = alpha * c + (1.0 - alpha) * level
        yield level


def demand_level(counts, alpha=0.05):
    return np.fromiter(smoothed(counts, alpha), dtype=float, count=len(counts))


def plan_sailings(route, level):
    hourly = level.reshape(-1, 60).sum(axis=1)
    sailings = np.ceil(hourly / route.capacity)
    base = TIMETABLE.copy()
    days = len(hourly) // 24
    floor = np.tile(base, days)
    return np.maximum(sailings, floor)


def unmet(route, level, sailings):
    hourly = level.reshape(-1, 60).sum(axis=1)
    return np.clip(hourly - sailings * route.capacity, 0.0, None).sum()


rng = np.random.default_rng(5)
n_minutes = 1440 * 900
total_sailings = 0.0
total_unmet = 0.0
rush_hours = 0
for route in ROUTES:
    counts = arrivals(route, rng, n_minutes)
    level = demand_level(counts)
    sailings = plan_sailings(route, level)
    total_sailings += sailings.sum()
    total_unmet += unmet(route, level, sailings)
    peaks, _ = find_peaks(level.reshape(-1, 60).sum(axis=1), distance=12)
    rush_hours += len(peaks)
    print(f"{route.name:>13}: {sailings.sum():.0f} sailings, {len(peaks)} rush hours")
print(f"result: {total_sailings + total_unmet + rush_hours + level.sum():.10e}")
