# ruff: noqa
"""Falconry telemetry: GPS fixes from each bird's backpack tag are cleaned, turned into
great-circle step lengths and speeds, and summarised per flight (distance, top speed, time in
stoop); prints a league table of the birds."""
from functools import partial

import numpy as np

EARTH_R = 6371.0088


def haversine_km(pair, lat0, lon0):
    lat1, lon1, lat2, lon2 = np.radians(pair)
    a = np.sin((lat2 - lat1) / 2) ** 2 + np.cos(lat1) * np.cos(lat2) * np.sin((lon2 - lon1) / 2) ** 2
    return 2 * EARTH_R * np.arcsin(np.sqrt(a))


class Flight:
    def __init__(self, bird, fixes, dt):
        self.bird = bird
        self.fixes = fixes
        self.dt = dt

    @property
    def pairs(self):
        return np.hstack([self.fixes[:-1, :2], self.fixes[1:, :2]])

    def steps(self, metric):
        return metric(self.pairs)


def simulate_flight(rng, bird, n, home):
    heading = np.cumsum(rng.normal(0, 0.08, size=n))
    speed = np.abs(rng.normal(0.0004, 0.00015, size=n))
    lat = home[0] + np.cumsum(speed * np.cos(heading))
    lon = home[1] + np.cumsum(speed * np.sin(heading))
    alt = 120 + np.cumsum(rng.normal(0, 2.0, size=n))
    return Flight(bird, np.column_stack([lat, lon, alt]), dt=1.0)


rng = np.random.default_rng(5)
home = (52.1, -1.6)
birds = ["peregrine", "saker", "harris", "goshawk", "lanner", "merlin"]
metric = partial(np.apply_along_axis, partial(haversine_km, lat0=home[0], lon0=home[1]), 1)
table = {}
for bird in birds:
    total, top, stoop = 0.0, 0.0, 0
    for sortie in range(16):
        f = simulate_flight(rng, bird, 9000, home)
        km = f.steps(metric)
        v = km / f.dt * 3600.0
        total += km.sum()
        top = max(top, float(v.max()))
        stoop += int((np.diff(f.fixes[:, 2]) < -3.0).sum())
    table[bird] = (total, top, stoop)
grade = np.vectorize(lambda s: "A" if s > 80 else "B")(np.array([t[1] for t in table.values()]))
for (bird, (total, top, stoop)), g in zip(table.items(), grade):
    print(f"{bird:>10} {total:8.2f} km  top {top:6.1f} km/h  stoops {stoop:4d}  {g}")
print(f"result: {sum(t[0] + t[1] + t[2] for t in table.values()):.10e}")
