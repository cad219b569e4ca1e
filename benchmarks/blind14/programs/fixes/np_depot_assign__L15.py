# ruff: noqa
"""Assigns delivery addresses to the nearest of a few depots by great-circle distance, then
reports each depot's load, mean delivery distance and the share of addresses beyond the
service radius."""

import math

import numpy as np

EARTH_KM = 6371.0


def distances_km(lat, lon, lat0, lon0):
    dlat = np.radians(lat - lat0)
    dlon = np.radians(lon - lon0)
    a = (
        np.sin(dlat / 2) ** 2
        + math.cos(math.radians(lat0)) * np.cos(np.radians(lat)) * np.sin(dlon / 2) ** 2
    )
    return 2 * EARTH_KM * np.arcsin(np.sqrt(a))


rng = np.random.default_rng(4)
n = 800_000
centres = np.array([[52.52, 13.40], [48.14, 11.58], [50.94, 6.96], [53.55, 9.99], [50.11, 8.68]])
which = rng.integers(0, len(centres), n)
lat = centres[which, 0] + rng.normal(0, 0.9, n)
lon = centres[which, 1] + rng.normal(0, 1.3, n)
weight = rng.gamma(2.0, 3.0, n)
depots = centres + rng.normal(0, 0.2, centres.shape)
dist = np.stack([distances_km(lat, lon, d[0], d[1]) for d in depots], axis=1)
nearest = dist.argmin(axis=1)
best = dist[np.arange(n), nearest]
load = np.zeros(len(depots))
for k in range(len(depots)):
    load[k] = weight[nearest == k].sum()
far = float((best > 120.0).mean())
print(f"loads {np.round(load, 1)}, mean distance {best.mean():.2f} km, beyond 120 km: {far:.3%}")
print(f"result: {load.sum() + best.sum() + far:.10e}")
