# ruff: noqa
"""Iterative CT reconstruction (SIRT) of a synthetic head phantom from a noisy sinogram: forward
projection with a dense system matrix, a weighted back-projection, a non-negativity constraint,
and the residual norm tracked until it stops improving."""
import numpy as np


def phantom(n):
    y, x = np.mgrid[-1:1:n * 1j, -1:1:n * 1j]
    img = ((x / 0.8) ** 2 + (y / 0.95) ** 2 < 1).astype(float)
    img -= 0.6 * (((x / 0.7) ** 2 + (y / 0.85) ** 2) < 1)
    img += 0.3 * ((x - 0.2) ** 2 + (y + 0.1) ** 2 < 0.02)
    img += 0.2 * ((x + 0.25) ** 2 + (y - 0.3) ** 2 < 0.015)
    return img.ravel()


def system_matrix(n, n_angles, n_det, rng):
    A = np.abs(rng.standard_normal((n_angles * n_det, n * n))) * (rng.random((n_angles * n_det, n * n)) < 0.08)
    return A / A.sum(axis=1, keepdims=True).clip(1e-9)


def forward_project(A, x):
    return A @ x


class SIRT:
    def __init__(self, A, relax=1.0):
        self.A = A
        self.R = 1.0 / A.sum(axis=1).clip(1e-9)
        self.C = 1.0 / A.sum(axis=0).clip(1e-9)
        self.relax = relax

    def update(self, x, sino):
        r = self.R * (sino - forward_project(self.A, x))
        x_new = np.copy(x)
        x_new += self.relax * self.C * (self.A.T @ r)
        np.maximum(x_new, 0.0, out=x_new)
        return x_new, float(np.linalg.norm(r))


rng = np.random.default_rng(5)
n = 40
A = system_matrix(n, 60, 50, rng)
truth = phantom(n)
sino = A @ truth + 0.002 * rng.standard_normal(A.shape[0])
solver = SIRT(A, relax=1.5)
x = np.zeros(n * n)
best, stall, it = np.inf, 0, 0
while stall < 5 and it < 400:
    x, res = solver.update(x, sino)
    if res < best * 0.9999:
        best, stall = res, 0
    else:
        stall += 1
    it += 1
err = np.linalg.norm(x - truth) / np.linalg.norm(truth)
print(f"{it} iterations, residual {best:.5f}, relative error {err:.4f}")
print(f"result: {x.sum() + best + it:.10e}")
