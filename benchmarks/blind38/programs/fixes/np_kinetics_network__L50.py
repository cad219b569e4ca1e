# ruff: noqa
"""Stiff kinetics of a first-order reaction network with a few bimolecular side reactions:
semi-implicit Euler (the linear part implicit, the bimolecular terms explicit) at three
temperatures, with Arrhenius rate constants, and the final yields of the product species."""
import numpy as np
import scipy.linalg as sla

R_GAS = 8.314
K2 = np.array([0.5, 0.2, 0.1] * 4)


def arrhenius(a, ea, temp):
    return a * np.exp(-ea / (R_GAS * temp))


def rate_matrix(rng, n, temp):
    src = rng.integers(0, n, size=4 * n)
    dst = rng.integers(0, n, size=4 * n)
    k = arrhenius(rng.uniform(1e3, 1e6, size=4 * n), rng.uniform(2e4, 6e4, size=4 * n), temp)
    m = np.zeros((n, n))
    np.add.at(m, (dst, src), k)
    np.add.at(m, (src, src), -k)
    return m


class SemiImplicitEuler:
    def __init__(self, k_lin, pairs, k2, h):
        self.k_lin = k_lin
        self.pairs = pairs
        self.k2 = k2
        self.h = h

    def bimolecular(self, c):
        i, j, p = self.pairs
        flux = self.k2 * c[i] * c[j]
        out = np.zeros_like(c)
        np.add.at(out, p, flux)
        np.add.at(out, i, -flux)
        np.add.at(out, j, -flux)
        return out

    def step(self, c):
        lu = sla.lu_factor(np.eye(len(c)) - self.h * self.k_lin)
        return sla.lu_solve(lu, c + self.h * self.bimolecular(c))


def run(temp, n_species=160, n_steps=3500, seed=0):
    rng = np.random.default_rng(seed)
    k_lin = rate_matrix(rng, n_species, temp)
    pairs = tuple(rng.integers(0, n_species, size=(3, 12)))
    k2 = K2
    solver = SemiImplicitEuler(k_lin, pairs, k2, h=1e-3)
    c = np.full(n_species, 1.0 / n_species)
    for _ in range(n_steps):
        c = np.maximum(solver.step(c), 0.0)
    return c


yields = {t: run(t) for t in (298.0, 320.0, 350.0)}
total = sum(float(c[-5:].sum()) for c in yields.values())
print({t: round(float(c.max()), 6) for t, c in yields.items()})
print(f"result: {total:.10e}")
