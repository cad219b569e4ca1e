# ruff: noqa
"""Explicit finite-difference simulation of heat spreading over a square plate (float32 field)
with a hot spot, Newton cooling to the ambient temperature and insulated edges; prints the
plate's mean temperature and its hottest cell."""
import numpy as np
from dataclasses import dataclass


@dataclass
class PlateConfig:
    n: int = 400
    kappa: float = 0.2
    cooling: float = 0.5
    dt: float = 0.01
    ambient: float = 20.0


class PlateSimulator:
    def __init__(self, cfg):
        self.cfg = cfg
        self.field = np.full((cfg.n, cfg.n), cfg.ambient, dtype=np.float32)
        c = cfg.n // 2
        self.field[c - 10:c + 10, c - 10:c + 10] = 400.0
        self.history = []

    @property
    def retention(self):
        return np.float32(np.exp(-self.cfg.cooling * self.cfg.dt))

    def laplacian(self, u):
        p = np.pad(u, 1, mode="edge")
        return p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:] - 4.0 * u

    def step(self):
        u = self.field
        u = u + np.float32(self.cfg.kappa) * self.laplacian(u)
        amb = np.float32(self.cfg.ambient)
        self.field = amb + (u - amb) * self.retention

    def run(self, steps, every=100):
        for t in range(steps):
            self.step()
            if t % every == 0:
                self.history.append(np.float64(self.field.max()))


sim = PlateSimulator(PlateConfig())
sim.run(1200)
peak = max(sim.history)
print(f"mean {float(sim.field.mean()):.4f} peak {float(sim.field.max()):.4f}")
print("result:", f"{float(sim.field.mean()) + float(sim.field.max()) + peak:.10e}")
