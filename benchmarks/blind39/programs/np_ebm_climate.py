"""Zonal energy-balance climate model (Budyko-Sellers type).

Temperature on latitude bands diffuses meridionally and feels an ice-albedo feedback. The model
is stepped implicitly for a handful of CO2 forcing scenarios; for each one it reports the
global-mean temperature and the ice-edge latitude at the end of the run.
"""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Params:
    n_bands: int = 180
    diffusivity: float = 0.55
    dt: float = 0.01
    heat_capacity: float = 4.0
    solar: float = 340.0
    olr_a: float = 203.3
    olr_b: float = 2.09
    ice_temp: float = 0.0
    albedo: tuple = (0.32, 0.62)


@dataclass
class Grid:
    n: int
    x: np.ndarray = field(init=False)

    def __post_init__(self):
        self.x = np.linspace(-1.0, 1.0, self.n + 2)[1:-1]

    @property
    def dx(self):
        return self.x[1] - self.x[0]


def diffusion_matrix(grid, d):
    n, dx = grid.n, grid.dx
    xh = np.concatenate([[-1.0], 0.5 * (grid.x[1:] + grid.x[:-1]), [1.0]])
    k = d * (1.0 - xh**2) / dx**2
    lap = np.zeros((n, n))
    idx = np.arange(n)
    lap[idx, idx] = -(k[:-1] + k[1:])
    lap[idx[1:], idx[:-1]] = k[1:-1]
    lap[idx[:-1], idx[1:]] = k[1:-1]
    return lap


class Model:
    def __init__(self, p: Params):
        self.p = p
        self.grid = Grid(p.n_bands)
        self.lap = diffusion_matrix(self.grid, p.diffusivity)
        x = self.grid.x
        self.insolation = p.solar * (1.0 - 0.241 * (3.0 * x**2 - 1.0))

    def implicit_operator(self):
        eye = np.eye(self.p.n_bands)
        return np.linalg.inv(eye - self.p.dt / self.p.heat_capacity * self.lap)

    def tendency(self, temp, forcing):
        p = self.p
        alb = np.where(temp < p.ice_temp, p.albedo[1], p.albedo[0])
        return (self.insolation * (1.0 - alb) - (p.olr_a + p.olr_b * temp) + forcing) / p.heat_capacity

    def step(self, temp, forcing):
        explicit = temp + self.p.dt * self.tendency(temp, forcing)
        return self.implicit_operator() @ explicit


def ice_edge(grid, temp, threshold):
    ice = temp < threshold
    if not ice.any():
        return 90.0
    return float(np.degrees(np.arcsin(np.abs(grid.x[ice]).min())))


def run(model, forcing, n_steps, record_every=100):
    temp = 10.0 + 20.0 * (1.0 - model.grid.x**2)
    snapshots = []
    for k in range(n_steps):
        temp = model.step(temp, forcing)
        if k % record_every == 0:
            snapshots.append(temp.copy())
    return temp, np.array(snapshots)


def main():
    model = Model(Params())
    total = 0.0
    for co2_doublings in (0.0, 0.5, 1.0, 1.5, 2.0):
        forcing = 3.7 * co2_doublings
        temp, snaps = run(model, forcing, n_steps=300)
        gmt = float(np.mean(temp))
        edge = ice_edge(model.grid, temp, model.p.ice_temp)
        drift = float(np.abs(np.diff(snaps.mean(axis=1))).sum())
        print(f"forcing {forcing:4.1f} W/m2: GMT {gmt:7.3f} C, ice edge {edge:5.1f} deg, drift {drift:.3f}")
        total += gmt + 0.01 * edge + drift
    print("result:", round(total, 8))


if __name__ == "__main__":
    main()
