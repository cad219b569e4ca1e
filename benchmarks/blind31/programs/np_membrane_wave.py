# ruff: noqa
"""Vibrating membrane: a damped 2-D wave equation on the unit square, integrated with a leapfrog
scheme by a small Simulator class, with a Gaussian pulse as initial condition and fixed edges;
reports the energy history and a checksum of the final displacement field."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Grid:
    n: int
    x: np.ndarray = field(init=False)

    def __post_init__(self):
        self.x = np.linspace(0.0, 1.0, self.n)

    @property
    def dx(self):
        return self.x[1] - self.x[0]


class Simulator:
    def __init__(self, grid, c=1.0, damping=0.2, cfl=0.5):
        self.grid = grid
        self.c = c
        self.damping = damping
        self.dt = cfl * grid.dx / c
        X, Y = np.meshgrid(grid.x, grid.x, indexing="ij")
        u0 = np.exp(-((X - 0.4) ** 2 + (Y - 0.55) ** 2) / 0.002).astype(np.float32)
        self.u = u0
        self.u_prev = u0.copy()

    def laplacian(self, u):
        lap = np.zeros_like(u)
        lap[1:-1, 1:-1] = u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2] - 4 * u[1:-1, 1:-1]
        return lap

    def step(self):
        r2 = (self.c * self.dt / self.grid.dx) ** 2
        lap = self.laplacian(self.u)
        u_new = (2 - self.damping * 0.01) * self.u - (1 - self.damping * 0.01) * self.u_prev + r2 * lap
        self.u_prev, self.u = self.u, u_new

    def energy(self):
        return float(np.sum(self.u.astype(np.float64) ** 2))


sim = Simulator(Grid(500), c=1.0, damping=0.5)
history = []
for it in range(1500):
    sim.step()
    if it % 50 == 0:
        history.append(sim.energy())
print("energy:", ["%.3f" % e for e in history[:4]], "...")
print("result:", "%.10e" % (float(np.abs(sim.u).sum()) + sum(history)))
