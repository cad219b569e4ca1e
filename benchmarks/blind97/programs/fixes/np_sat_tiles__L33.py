# ruff: noqa
"""Level-1 processing of a push-broom satellite scene: raw digital numbers per tile and band are
destriped (a smoothness-regularised column correction), converted to top-of-atmosphere radiance
with the sensor's band gains, and summarised as per-tile cloud and vegetation statistics."""
import functools
from dataclasses import dataclass

import numpy as np

TILE = 256
BANDS = 4


@dataclass(frozen=True)
class Sensor:
    name: str
    detector_cols: int
    smoothing: float
    gains: tuple = (0.92, 1.05, 0.98, 1.11)
    offsets: tuple = (3.0, 2.5, 2.0, 4.0)

    def second_difference(self):
        n = self.detector_cols
        d = np.zeros((n - 2, n))
        idx = np.arange(n - 2)
        d[idx, idx] = 1.0
        d[idx, idx + 1] = -2.0
        d[idx, idx + 2] = 1.0
        return d


@functools.lru_cache(maxsize=None)
def destripe_operator(sensor):
    d = sensor.second_difference()
    return np.linalg.inv(np.eye(sensor.detector_cols) + sensor.smoothing * (d.T @ d))


def column_profile(tile, sensor):
    op = destripe_operator(sensor)
    return op @ tile.mean(axis=0)


def destripe(tile, sensor):
    profile = column_profile(tile, sensor)
    return tile - (tile.mean(axis=0) - profile)[None, :]


def synth_tile(rng, t):
    y, x = np.mgrid[0:TILE, 0:TILE] / TILE
    base = 80 + 40 * np.sin(6 * x + 0.1 * t) * np.cos(4 * y)
    stripes = rng.normal(0, 6, TILE)[None, :]
    cloud = 120 * (np.sin(3 * x + t) * np.sin(5 * y - t) > 0.6)
    bands = np.stack([base * (0.8 + 0.15 * b) + cloud + stripes + rng.normal(0, 2, (TILE, TILE)) for b in range(BANDS)])
    return bands


def scene_stats(sensor, n_tiles, rng):
    coeffs = rng.uniform(0.9, 1.1, size=(BANDS, BANDS))
    cloud_frac, ndvi_mean, radiance_total = [], [], 0.0
    for t in range(n_tiles):
        dn = synth_tile(rng, t)
        clean = np.stack([destripe(dn[b], sensor) for b in range(BANDS)])
        rad = clean * np.array(sensor.gains)[:, None, None] + np.array(sensor.offsets)[:, None, None]
        dn_means = rad.mean(axis=(1, 2))
        for b in range(BANDS):
            radiance_total += coeffs[b] @ dn_means
        ndvi = (rad[3] - rad[2]) / (rad[3] + rad[2] + 1e-6)
        cloud_frac.append(float((rad[0] > 150).mean()))
        ndvi_mean.append(float(ndvi.mean()))
    return np.array(cloud_frac), np.array(ndvi_mean), radiance_total


rng = np.random.default_rng(3)
sensor = Sensor("MSI-B", detector_cols=TILE, smoothing=40.0)
clouds, ndvi, total = scene_stats(sensor, 64, rng)
print(f"tiles: {len(clouds)}, cloudy tiles: {(clouds > 0.2).sum()}, mean ndvi {ndvi.mean():.4f}")
print(f"result: {total + clouds.sum() + ndvi.sum():.10e}")
