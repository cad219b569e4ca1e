# ruff: noqa
"""Thermal evolution of an ice column under a seasonal surface temperature cycle: implicit
(backward Euler) heat diffusion on a fixed vertical grid, a geothermal flux at the bed, a
basal-melt diagnostic, and a yearly least-squares fit of the near-surface warming trend."""
import numpy as np
from scipy.linalg import lu_factor, lu_solve


class IceColumn:
    def __init__(self, n_layers, thickness, kappa, dt):
        self.n = n_layers
        self.dz = thickness / (n_layers - 1)
        self.r = kappa * dt / self.dz**2
        main = np.full(n_layers, 1.0 + 2.0 * self.r)
        off = np.full(n_layers - 1, -self.r)
        A = np.diag(main) + np.diag(off, 1) + np.diag(off, -1)
        A[0, :] = 0.0
        A[0, 0] = 1.0
        A[-1, -2] = -2.0 * self.r
        self._A = A
        self._lu = lu_factor(A)

    @property
    def system(self):
        return self._A

    def step(self, temp, surface_temp, bed_flux):
        rhs = temp.copy()
        rhs[0] = surface_temp
        rhs[-1] += 2.0 * self.r * self.dz * bed_flux
        return lu_solve(self._lu, rhs)


def surface_forcing(day, warming):
    return -24.0 + warming + 11.0 * np.sin(2.0 * np.pi * day / 365.0)


def run(column, years, steps_per_year):
    temp = np.linspace(-24.0, -2.0, column.n)
    t_frac = np.arange(steps_per_year) / steps_per_year
    design = np.stack([np.ones_like(t_frac), t_frac], 1)
    near_surface = np.empty(steps_per_year)
    trends = []
    basal_excess = 0.0
    for year in range(years):
        for k in range(steps_per_year):
            day = k * 365.0 / steps_per_year
            temp = column.step(temp, surface_forcing(day, 0.03 * (year + t_frac[k])), 0.06)
            near_surface[k] = temp[4]
            basal_excess += max(temp[-1] + 0.6, 0.0)
        coef = np.linalg.solve(design.T @ design, design.T @ near_surface)
        trends.append(coef[1])
    return temp, np.array(trends), basal_excess


column = IceColumn(n_layers=400, thickness=900.0, kappa=35.0, dt=1.0 / 73.0)
temp, trends, basal = run(column, years=16, steps_per_year=146)
print(f"bed temperature {temp[-1]:.4f} C, mean trend {trends.mean():.5f} C/yr")
print(f"result: {temp.sum() + trends.sum() + basal:.10e}")
