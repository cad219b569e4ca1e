# ruff: noqa
"""Tidal-current estimation for a harbour pilotage district: a row of current meters and the
drift reported by piloted ships feed an information filter over the channel's cells; the
estimated current at each berth and a boarding log of the pilots' transits are printed."""
from dataclasses import dataclass

import numpy as np


@dataclass
class ChannelGeometry:
    n_cells: int = 48
    n_meters: int = 110
    length_nm: float = 14.0
    tide_period_steps: int = 745


@dataclass
class Boarding:
    step: int
    pilot: str
    peak_current: float


class CurrentFilter:
    """Information-form Kalman filter of the along-channel current in each cell."""

    def __init__(self, geom: ChannelGeometry, rng: np.random.Generator):
        n, m = geom.n_cells, geom.n_meters
        cells = np.linspace(0.0, geom.length_nm, n)
        meters = np.sort(rng.uniform(0.0, geom.length_nm, m))
        H = np.exp(-(((meters[:, None] - cells[None, :]) / 0.6) ** 2))
        self.H = H / H.sum(axis=1, keepdims=True)
        A = rng.normal(size=(m, m)) * 0.04
        self.R = A @ A.T + np.diag(rng.uniform(0.02, 0.05, m))
        self.F = 0.995 * np.eye(n) + 0.0025 * (np.eye(n, k=1) + np.eye(n, k=-1))
        self.Q = 1e-4 * np.eye(n)
        self.x = np.zeros(n)
        self.P = np.eye(n)

    def _noise_precision(self) -> np.ndarray:
        return np.linalg.inv(self.R)

    def _innovation_terms(self, z: np.ndarray):
        r_inv = self._noise_precision()
        ht_rinv = self.H.T @ r_inv
        return ht_rinv @ self.H, ht_rinv @ z

    def step(self, z: np.ndarray) -> None:
        x_pred = self.F @ self.x
        p_pred = self.F @ self.P @ self.F.T + self.Q
        info_j, info_h = self._innovation_terms(z)
        p_pred_inv = np.linalg.inv(p_pred)
        self.P = np.linalg.inv(p_pred_inv + info_j)
        self.x = self.P @ (p_pred_inv @ x_pred + info_h)


def true_current(geom: ChannelGeometry, n_steps: int, rng: np.random.Generator) -> np.ndarray:
    cells = np.linspace(0.0, geom.length_nm, geom.n_cells)
    t = np.arange(n_steps)[:, None]
    tide = 2.1 * np.sin(2 * np.pi * t / geom.tide_period_steps - 0.15 * cells[None, :])
    eddies = 0.2 * np.cumsum(rng.normal(0.0, 0.02, size=(n_steps, geom.n_cells)), axis=0)
    return tide + eddies


def run_district(n_steps: int = 1500, seed: int = 11):
    rng = np.random.default_rng(seed)
    geom = ChannelGeometry()
    filt = CurrentFilter(geom, rng)
    truth = true_current(geom, n_steps, rng)
    chol = np.linalg.cholesky(filt.R)
    noise = rng.standard_normal((n_steps, geom.n_meters)) @ chol.T
    readings = truth @ filt.H.T + noise
    pilots = ["Haldane", "Okafor", "Lindqvist", "Moreau", "Tanaka"]
    log = []
    err = 0.0
    for t in range(n_steps):
        filt.step(readings[t])
        err += float(np.mean((filt.x - truth[t]) ** 2))
        if t % 150 == 0:
            before = filt.x.copy()
            log.append(Boarding(t, pilots[(t // 150) % len(pilots)], float(np.abs(before).max())))
    return filt, log, err / n_steps


filt, log, mse = run_district()
berths = [5, 17, 30, 44]
for b in berths:
    print(f"berth cell {b:2d}: current {filt.x[b]:+.3f} kn")
for entry in log[:5]:
    print(f"step {entry.step:5d} pilot {entry.pilot:<9} peak current {entry.peak_current:.3f} kn")
print(f"tracking mse {mse:.6f}")
print(f"result: {mse + float(filt.x.sum()) + sum(e.peak_current for e in log):.10e}")
