# ruff: noqa
"""Electrostatic potential of a small molecule's smeared charge density on a cubic grid:
Gaussian charges on the atoms of a random 24-atom molecule, the Poisson equation solved by
Jacobi relaxation in single precision until the update is small, then the potential sampled
at the atoms and the electrostatic energy."""
from dataclasses import dataclass

import numpy as np


@dataclass
class Grid:
    n: int
    length: float

    @property
    def axis(self):
        return np.linspace(-self.length / 2, self.length / 2, self.n)

    @property
    def spacing(self):
        a = self.axis
        return a[1] - a[0]


def charge_density(grid, xyz, q, width=0.6):
    a = grid.axis.astype(np.float32)
    rho = np.zeros((grid.n,) * 3, dtype=np.float32)
    for (x, y, z), qi in zip(xyz, q):
        gx = np.exp(-((a - x) ** 2) / (2 * width**2)).astype(np.float32)
        gy = np.exp(-((a - y) ** 2) / (2 * width**2)).astype(np.float32)
        gz = np.exp(-((a - z) ** 2) / (2 * width**2)).astype(np.float32)
        rho += np.float32(qi) * gx[:, None, None] * gy[None, :, None] * gz[None, None, :]
    return rho


class JacobiSolver:
    def __init__(self, grid, rho):
        self.grid = grid
        self.source = 4.0 * np.pi * grid.spacing**2 * rho
        self.phi = np.zeros_like(rho)

    def sweep(self):
        p = self.phi
        nb = np.zeros_like(p)
        nb[1:-1, 1:-1, 1:-1] = (
            p[:-2, 1:-1, 1:-1] + p[2:, 1:-1, 1:-1] + p[1:-1, :-2, 1:-1]
            + p[1:-1, 2:, 1:-1] + p[1:-1, 1:-1, :-2] + p[1:-1, 1:-1, 2:]
        )
        new = (nb + self.source) / 6.0
        delta = np.abs(new - p).max()
        self.phi = new
        return delta

    def solve(self, tol=1e-5, max_sweeps=300, report=None):
        k = 0
        delta = np.inf
        while delta > tol and k < max_sweeps:
            delta = self.sweep()
            k += 1
            if report is not None and k % 50 == 0:
                report(k, self.phi)
        return k


def residual_report(history):
    def report(k, phi):
        history.append(float(np.sum(phi, dtype=np.float64)))
    return report


rng = np.random.default_rng(3)
n_atoms = 24
xyz = rng.uniform(-3.0, 3.0, size=(n_atoms, 3))
q = rng.normal(0.0, 0.4, n_atoms)
q -= q.mean()
grid = Grid(n=96, length=16.0)
rho = charge_density(grid, xyz, q)
solver = JacobiSolver(grid, rho)
history = []
sweeps = solver.solve(report=residual_report(history))
idx = np.clip(np.rint((xyz + grid.length / 2) / grid.spacing).astype(int), 0, grid.n - 1)
phi_at = solver.phi[idx[:, 0], idx[:, 1], idx[:, 2]].astype(np.float64)
energy = 0.5 * float(np.dot(q, phi_at))
print(f"sweeps: {sweeps}, energy: {energy:.6f}, checkpoints: {len(history)}")
print(f"result: {energy * 1e3 + sum(history) + sweeps:.10e}")
