# ruff: noqa
"""Canal lock flight simulator: a flight of locks fed by a summit reservoir. Every quarter hour
boats arrive, chambers fill and drain, and seepage through the gates is drawn from a correlated
noise model fitted to the gauges along the reach. Prints the water used and the boats passed."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Config:
    n_gauges: int = 260
    n_locks: int = 12
    horizon: int = 1000
    chamber_m3: float = 180.0
    gate_leak: float = 0.012
    seed: int = 5


def exp_kernel(n, length):
    idx = np.arange(n)
    return np.exp(-np.abs(idx[:, None] - idx[None, :]) / length) + 1e-6 * np.eye(n)


class SeepageModel:
    def __init__(self, cfg, rng):
        self.cov = exp_kernel(cfg.n_gauges, 18.0) * 0.04
        self.rng = rng
        self.to_locks = rng.uniform(0.0, 1.0, size=(cfg.n_locks, cfg.n_gauges)) / cfg.n_gauges

    def correlated(self):
        z = self.rng.standard_normal(self.cov.shape[0])
        chol = np.linalg.cholesky(self.cov)
        return chol @ z

    def per_lock(self):
        return self.to_locks @ self.correlated()


class LockFlight:
    def __init__(self, cfg):
        self.cfg = cfg
        self.rng = np.random.default_rng(cfg.seed)
        self.seepage = SeepageModel(cfg, self.rng)
        self.levels = np.full(cfg.n_locks, 0.5)
        self.summit = 4.0e4
        self.used = 0.0
        self.passed = 0
        self.gates = np.array([[0.92, 0.05, 0.0], [0.04, 0.9, 0.03], [0.0, 0.06, 0.94]])
        self.mix = np.linalg.inv(self.gates)

    def quarter_hour(self, t):
        boats = self.rng.poisson(1.3, size=self.cfg.n_locks)
        fills = np.minimum(boats, 2) * self.cfg.chamber_m3
        leak = self.cfg.gate_leak * self.levels + np.abs(self.seepage.per_lock())
        self.levels = np.clip(self.levels + 0.01 * fills / self.cfg.chamber_m3 - leak, 0.0, 1.0)
        self.used += float(fills.sum() + leak.sum() * 50.0)
        self.passed += int(np.minimum(boats, 2).sum())
        self.summit -= float(fills[0])
        if t % 96 == 0:
            self.summit += float(self.mix.sum()) * 1.0e3

    def run(self):
        t = 0
        while t < self.cfg.horizon:
            self.quarter_hour(t)
            t += 1
        return self.used, self.passed, self.summit


cfg = Config()
flight = LockFlight(cfg)
used, passed, summit = flight.run()
print(f"boats passed: {passed}, water used: {used:.1f} m3, summit left: {summit:.1f} m3")
print(f"result: {used + passed + summit + float(flight.levels.sum()):.10e}")
