# ruff: noqa
"""Single-column climate model: vertical heat diffusion through 120 atmospheric layers with an
implicit (backward Euler) step, radiative relaxation towards a reference profile and a daily
solar forcing cycle, run for a batch of 64 columns; prints the mean surface temperature."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Column:
    n_layers: int = 120
    kappa: float = 0.35
    dt: float = 0.5
    temps: np.ndarray = field(default=None)

    def __post_init__(self):
        z = np.linspace(0.0, 1.0, self.n_layers)
        self.reference = 288.0 - 60.0 * z
        self.coeff = self.kappa * (1.0 + 0.5 * np.cos(np.pi * z))


class ImplicitSolver:
    def __init__(self, column):
        self.column = column

    def operator(self):
        c = self.column
        n = c.n_layers
        main = 1.0 + 2.0 * c.dt * c.coeff
        main[[0, -1]] -= c.dt * c.coeff[[0, -1]]
        off = -c.dt * c.coeff[:-1]
        return np.diag(main) + np.diag(off, 1) + np.diag(off, -1)

    def step(self, temps, forcing):
        inverse = np.linalg.inv(self.operator())
        rhs = temps + self.column.dt * forcing[:, None]
        return rhs.T @ inverse.T


def relax(temps, reference, rate=0.02):
    return temps + rate * (reference - temps)


PROFILE = np.exp(-np.linspace(0.0, 4.0, 120))


def forcing_at(hour, n_layers):
    profile = PROFILE
    return 0.8 * max(0.0, np.sin(2 * np.pi * hour / 24.0)) * profile


rng = np.random.default_rng(11)
col = Column()
solver = ImplicitSolver(col)
temps = col.reference[None, :] + rng.normal(0.0, 2.0, size=(64, col.n_layers))
surface = []
for hour in range(8000):
    if hour % 6 == 0:
        f = forcing_at(hour, col.n_layers)
    temps = solver.step(temps.T, f)
    temps = relax(temps, col.reference)
    if hour % 24 == 0:
        surface.append(temps[:, 0].mean())
surface = np.array(surface)
print(f"mean surface temperature {surface.mean():.3f} K")
print(f"result: {surface.sum() + temps.sum():.10e}")
