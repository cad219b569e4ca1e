# ruff: noqa
"""Static relaxation of a spring chain with long-range couplings under an external load: a damped
backward-Euler integrator moves the nodes until their kinetic energy falls below a tolerance,
then the strain energy and the largest displacement are reported."""
from dataclasses import dataclass

import numpy as np


@dataclass
class Lattice:
    stiffness: np.ndarray
    mass: np.ndarray
    load: np.ndarray


def build_lattice(n, rng):
    k = rng.uniform(0.8, 1.2, size=n - 1)
    K = np.zeros((n, n))
    i = np.arange(n - 1)
    K[i, i] += k
    K[i + 1, i + 1] += k
    K[i, i + 1] -= k
    K[i + 1, i] -= k
    coupling = rng.normal(0.0, 0.02, size=(n, n))
    K += coupling @ coupling.T + 0.05 * np.eye(n)
    mass = rng.uniform(1.0, 2.0, size=n)
    load = rng.normal(0.0, 1.0, size=(n, 3))
    return Lattice(K, mass, load)


class ImplicitRelaxer:
    def __init__(self, lattice, dt=0.05, damping=0.3):
        self.lat = lattice
        self.dt = dt
        self.damping = damping

    def system_matrix(self):
        m = self.lat.mass / self.dt**2 + self.damping / self.dt
        return np.diag(m) + self.lat.stiffness

    def load_direction(self):
        d = self.lat.load.mean(axis=0)
        return d / np.linalg.norm(d)

    def step(self, u, v):
        a_inv = np.linalg.inv(self.system_matrix())
        rhs = self.lat.mass[:, None] * (u / self.dt**2 + v / self.dt) + (self.damping / self.dt) * u
        u_new = a_inv @ (rhs + self.lat.load)
        return u_new, (u_new - u) / self.dt

    def kinetic(self, v):
        return 0.5 * float(self.lat.mass @ (v * v).sum(axis=1))


def relax(relaxer, n, tol=1e-9, max_iter=260):
    u = np.zeros((n, 3))
    v = np.zeros((n, 3))
    it = 0
    ke = np.inf
    along = []
    while ke > tol and it < max_iter:
        u, v = relaxer.step(u, v)
        ke = relaxer.kinetic(v)
        along.append(float(u.mean(axis=0) @ relaxer.load_direction()))
        it += 1
    return u, it, along


rng = np.random.default_rng(11)
n = 420
lat = build_lattice(n, rng)
relaxer = ImplicitRelaxer(lat)
u, iters, along = relax(relaxer, n)
strain = 0.5 * float(np.einsum("ik,ij,jk->", u, lat.stiffness, u))
print(f"converged in {iters} steps, strain energy {strain:.6f}, max |u| {np.abs(u).max():.4f}")
print(f"result: {strain + np.abs(u).sum() + sum(along):.10e}")
