# ruff: noqa
"""Inverts synthetic GNSS uplift readings around a volcano for a Mogi point source (position,
depth, volume change) at each survey epoch, with a damped Gauss-Newton solver that stops when
the weighted residuals stop changing, and prints the inflation history."""
from dataclasses import dataclass

import numpy as np


@dataclass
class Survey:
    x: np.ndarray
    y: np.ndarray
    uplift: np.ndarray
    sigma: np.ndarray


def mogi_uplift(x, y, xs, ys, depth, dv, nu=0.25):
    r2 = (x - xs) ** 2 + (y - ys) ** 2
    return (1.0 - nu) * dv / np.pi * depth / (r2 + depth**2) ** 1.5


class MogiInverter:
    def __init__(self, survey, tol=1e-9, max_iter=40):
        self.s = survey
        self.tol = tol
        self.max_iter = max_iter

    def residual(self, p):
        model = mogi_uplift(self.s.x, self.s.y, *p)
        return (self.s.uplift - model) / self.s.sigma

    def jacobian(self, p, r0):
        J = np.empty((r0.size, p.size))
        for k in range(p.size):
            q = p.copy()
            h = 1e-6 * max(1.0, abs(p[k]))
            q[k] += h
            J[:, k] = (self.residual(q) - r0) / h
        return J

    def still_moving(self, r_old, r_new):
        return np.max(np.abs(r_new - r_old)) > self.tol

    def fit(self, p0):
        p = np.asarray(p0, dtype=float)
        r = self.residual(p)
        lam = 1e-3
        it = 0
        while it < self.max_iter:
            J = self.jacobian(p, r)
            A = J.T @ J + lam * np.diag(np.diag(J.T @ J))
            step = np.linalg.solve(A, -(J.T @ r))
            r_try = self.residual(p + step)
            moving = self.still_moving(r, r_try)
            if r_try @ r_try < r @ r:
                p = p + step
                lam *= 0.3
                r = r_try
            else:
                lam *= 5.0
            it += 1
            if not moving:
                break
        return p, it


def make_survey(rng, n_sta, truth):
    x = rng.uniform(-15e3, 15e3, n_sta)
    y = rng.uniform(-15e3, 15e3, n_sta)
    sigma = rng.uniform(0.002, 0.006, n_sta)
    u = mogi_uplift(x, y, *truth) + sigma * rng.standard_normal(n_sta)
    return Survey(x, y, u, sigma)


rng = np.random.default_rng(11)
n_epochs, n_sta = 200, 20000
history = []
iters = 0
p = np.array([500.0, -300.0, 4000.0, 1e6])
for e in range(n_epochs):
    truth = (800.0 + 5 * e, -600.0 + 3 * e, 4500.0 - 10 * e, 2e6 + 1.5e5 * e)
    inv = MogiInverter(make_survey(rng, n_sta, truth))
    p, it = inv.fit(p)
    iters += it
    history.append(p)
history = np.array(history)
dvs = history[:, 3]
total_dv = sum(dvs)
print(f"epochs: {n_epochs}, GN iterations: {iters}")
print(f"final source: x={history[-1, 0]:.0f} m y={history[-1, 1]:.0f} m depth={history[-1, 2]:.0f} m")
print(f"result: {total_dv / 1e6 + history[:, 2].sum() / 1e3 + iters:.10e}")
