# ruff: noqa
"""Storm-surge hindcast along a coastline: a linear long-wave model of the water level driven by
a moving storm's wind set-up, with tide-gauge readings assimilated every cycle by optimal
interpolation (background covariance from distance along the coast), and the peak surge per
coastal segment reported at the end."""
from dataclasses import dataclass

import numpy as np


@dataclass
class SurgeConfig:
    n_cells: int = 600
    n_gauges: int = 120
    cycles: int = 60
    steps_per_cycle: int = 40
    corr_km: float = 25.0
    dx_km: float = 2.0
    obs_err: float = 0.05


class Assimilator:
    def __init__(self, cfg, rng):
        self.cfg = cfg
        x = np.arange(cfg.n_cells) * cfg.dx_km
        self.B = 0.3 * np.exp(-0.5 * ((x[:, None] - x[None, :]) / cfg.corr_km) ** 2)
        self.where = np.sort(rng.choice(cfg.n_cells, cfg.n_gauges, replace=False))
        self.H = np.zeros((cfg.n_gauges, cfg.n_cells))
        self.H[np.arange(cfg.n_gauges), self.where] = 1.0
        self.R = cfg.obs_err**2 * np.eye(cfg.n_gauges)

    @staticmethod
    def gain(B, H, R):
        return B @ H.T @ np.linalg.inv(H @ B @ H.T + R)

    def analyse(self, eta, obs):
        K = self.gain(self.B, self.H, self.R)
        return eta + K @ (obs - self.H @ eta)


def wind_setup(t, n, speed):
    centre = 100.0 + speed * t
    x = np.arange(n)
    return 0.8 * np.exp(-0.5 * ((x - centre) / 40.0) ** 2)


def model_step(eta, u, forcing, dt=0.2, c=0.9, friction=0.02):
    u = (1.0 - friction) * u - dt * c * np.gradient(eta) + dt * 0.05 * forcing
    eta = eta - dt * c * np.gradient(u)
    return eta, u


def hindcast(cfg, rng):
    da = Assimilator(cfg, rng)
    eta = np.zeros(cfg.n_cells)
    u = np.zeros(cfg.n_cells)
    truth = np.zeros(cfg.n_cells)
    tu = np.zeros(cfg.n_cells)
    peak = np.zeros(cfg.n_cells)
    stress_axes = np.array([[1.0, 0.2, 0.0], [0.2, 1.0, 0.1], [0.0, 0.1, 1.0]])
    t = 0
    cycle = 0
    while cycle < cfg.cycles:
        for _ in range(cfg.steps_per_cycle):
            f = wind_setup(t, cfg.n_cells, speed=0.6)
            eta, u = model_step(eta, u, 0.8 * f)
            truth, tu = model_step(truth, tu, f)
            t += 1
        rot = np.linalg.inv(stress_axes)
        obs = da.H @ truth + rng.normal(0.0, cfg.obs_err, cfg.n_gauges)
        eta = da.analyse(eta, obs) * rot[0, 0]
        peak = np.maximum(peak, eta)
        cycle += 1
    return peak, truth


cfg = SurgeConfig()
rng = np.random.default_rng(21)
peak, truth = hindcast(cfg, rng)
segments = peak.reshape(20, -1).max(axis=1)
print("worst segments:", np.argsort(segments)[-3:][::-1], f"max surge {segments.max():.3f} m")
print(f"result: {peak.sum() + truth.sum():.10e}")
