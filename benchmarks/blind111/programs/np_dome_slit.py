"""Dome-slit tracking for an observatory: over several nights the telescope follows a list of
targets; every few seconds the dome controller converts the mount's pointing into a dome azimuth
(with the mount's offset from the dome centre), corrects the encoder with a harmonic pointing
model fitted to the latest residuals, and logs how far the slit lags the optical axis."""
import math
from dataclasses import dataclass

import numpy as np


@dataclass
class Site:
    lat_deg: float
    dome_radius_m: float
    mount_offset_m: tuple


class PointingModel:
    """Harmonic encoder correction: a + sum_k b_k cos(k az) + c_k sin(k az)."""

    def __init__(self, n_harmonics, grid):
        k = np.arange(1, n_harmonics + 1)
        self.grid = grid
        self.design = np.hstack([np.ones((len(grid), 1)), np.cos(np.outer(grid, k)), np.sin(np.outer(grid, k))])
        self.k = k

    def _solve(self, residuals):
        return np.linalg.pinv(self.design) @ residuals

    def refit(self, residuals):
        self.coef = self._solve(residuals)
        return self.coef

    def correct(self, az):
        basis = np.concatenate([[1.0], np.cos(self.k * az), np.sin(self.k * az)])
        return az + basis @ self.coef


class DomeController:
    def __init__(self, site, model):
        self.site = site
        self.model = model

    def dome_azimuth(self, az, alt):
        x0, y0, z0 = self.site.mount_offset_m
        r = self.site.dome_radius_m
        ux, uy, uz = np.cos(alt) * np.sin(az), np.cos(alt) * np.cos(az), np.sin(alt)
        b = x0 * ux + y0 * uy + z0 * uz
        t = -b + np.sqrt(b * b - (x0 * x0 + y0 * y0 + z0 * z0 - r * r))
        return np.arctan2(x0 + t * ux, y0 + t * uy)

    def update(self, az, alt, residuals):
        self.model.refit(residuals)
        dome = self.dome_azimuth(az, alt)
        return self.model.correct(dome)


def night_track(rng, n_steps, lat):
    ha = np.linspace(-3.0, 3.0, n_steps) * math.pi / 12
    dec = math.radians(rng.uniform(-10, 60))
    phi = math.radians(lat)
    alt = np.arcsin(np.sin(phi) * np.sin(dec) + np.cos(phi) * np.cos(dec) * np.cos(ha))
    az = np.arctan2(-np.cos(dec) * np.sin(ha), np.sin(dec) * np.cos(phi) - np.cos(dec) * np.sin(phi) * np.cos(ha))
    return az % (2 * math.pi), alt


site = Site(28.76, 4.2, (0.35, -0.1, 0.6))
rng = np.random.default_rng(23)
grid = np.linspace(0, 2 * math.pi, 360, endpoint=False)
model = PointingModel(24, grid)
ctrl = DomeController(site, model)
true_err = 0.002 * np.sin(3 * grid) + 0.001 * np.cos(grid)
lags = []
for night in range(5):
    lat_rad = np.deg2rad(np.array([site.lat_deg, 0.0]))
    az, alt = night_track(rng, 260, site.lat_deg)
    for i in range(len(az)):
        residuals = true_err + rng.normal(0.0, 0.0005, size=len(grid))
        slit = ctrl.update(az[i], alt[i], residuals)
        lags.append((slit - az[i] + math.pi) % (2 * math.pi) - math.pi)
    print(f"night {night + 1}: latitude {lat_rad[0]:.4f} rad, mean lag {np.mean(np.abs(lags[-len(az):])):.5f} rad")
lags = np.array(lags)
print(f"result: {np.abs(lags).sum() + model.coef.sum():.10e}")
