# ruff: noqa
"""Snowpack temperature model for an avalanche-forecasting station: implicit heat diffusion
through a layered snow column driven by a synthetic air-temperature series, with a weak-layer
index (near-surface temperature gradient) reported for every forecast day."""
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class ColumnConfig:
    n_layers: int = 220
    depth_m: float = 2.2
    diffusivity: float = 4.0e-7
    dt_s: float = 900.0


class SnowColumn:
    def __init__(self, cfg, initial):
        self.cfg = cfg
        self.temp = initial.astype(np.float64)
        self.dz = cfg.depth_m / cfg.n_layers
        self._op = self._operator()

    def _operator(self):
        n = self.cfg.n_layers
        r = self.cfg.diffusivity * self.cfg.dt_s / self.dz ** 2
        a = np.eye(n) * (1.0 + 2.0 * r)
        a += np.eye(n, k=1) * -r
        a += np.eye(n, k=-1) * -r
        a[-1, -1] = 1.0 + r
        return np.linalg.inv(a), r

    def _diffuse(self, surface_temp):
        inv, r = self._op
        rhs = self.temp.copy()
        rhs[0] += r * surface_temp
        return inv @ rhs

    def step(self, surface_temp):
        self.temp = self._diffuse(surface_temp)
        return self.temp


def air_temperature(n_steps, rng):
    hours = np.arange(n_steps) * 0.25
    diurnal = -8.0 + 6.0 * np.sin(2 * np.pi * (hours - 9.0) / 24.0)
    fronts = np.cumsum(rng.normal(0.0, 0.15, size=n_steps))
    return diurnal + fronts


def weak_layer_index(temp, dz):
    grad = np.diff(temp[:20]) / dz
    return float(np.abs(grad).max())


def run_season(cfg, days, rng):
    column = SnowColumn(cfg, np.linspace(-6.0, -0.5, cfg.n_layers))
    forcing = air_temperature(days * 96, rng)
    daily = []
    for day in range(days):
        for q in range(96):
            column.step(forcing[day * 96 + q])
        daily.append(weak_layer_index(column.temp, column.dz))
    return column, np.array(daily)


rng = np.random.default_rng(1340)
cfg = ColumnConfig()
column, index = run_season(cfg, 10, rng)
print(f"days with gradient > 10 K/m: {int((index > 10.0).sum())}")
print(f"result: {column.temp.sum() + index.sum():.10e}")
