# ruff: noqa
"""Transient heat conduction in a two-phase composite plate (fibres in a matrix): finite
differences on a square grid with phase-dependent conductivity and heat capacity, implicit
Euler time stepping under a pulsed surface heat flux until the plate reaches a steady
temperature, then the effective conductivity from the final heat flow."""
import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import splu


def phase_map(n, n_fibres, radius, rng):
    yy, xx = np.mgrid[0:n, 0:n] / n
    centres = rng.random((n_fibres, 2))
    d2 = (xx[..., None] - centres[:, 0]) ** 2 + (yy[..., None] - centres[:, 1]) ** 2
    return (d2 < radius ** 2).any(axis=-1)


def conduction_matrix(k):
    n = k.shape[0]
    idx = np.arange(n * n).reshape(n, n)
    rows, cols, vals = [], [], []
    for axis in (0, 1):
        a = np.take(idx, np.arange(n - 1), axis=axis).ravel()
        b = np.take(idx, np.arange(1, n), axis=axis).ravel()
        kf = 2.0 / (1.0 / k.ravel()[a] + 1.0 / k.ravel()[b])
        rows += [a, b, a, b]
        cols += [a, b, b, a]
        vals += [kf, kf, -kf, -kf]
    K = sp.coo_matrix((np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))),
                      shape=(n * n, n * n))
    return K.tocsc()


class ImplicitSolver:
    def __init__(self, capacity, K, dt):
        self.C = sp.diags(capacity.ravel()).tocsc()
        self.K = K
        self.dt = dt

    def step(self, u, source):
        lu = splu((self.C + self.dt * self.K).tocsc())
        return lu.solve(self.C @ u + self.dt * source)


def pulse(t, period=40):
    return 1.0 if (t // (period // 2)) % 2 == 0 else 0.2


rng = np.random.default_rng(3)
n = 48
fibre = phase_map(n, 30, 0.07, rng)
k = np.where(fibre, 12.0, 0.8)
capacity = np.where(fibre, 2.1, 1.4)
solver = ImplicitSolver(capacity, conduction_matrix(k), dt=0.05)
edge = np.zeros((n, n))
edge[:, 0] = 1.0
edge = edge.ravel()
sink = np.zeros((n, n))
sink[:, -1] = 1.0
sink = sink.ravel()
u = np.zeros(n * n)
t = 0
change = np.inf
history = []
while change > 1e-7 and t < 600:
    u_prev = u.copy()
    source = pulse(t) * edge - 0.5 * u * sink
    u = solver.step(u, source)
    change = np.abs(u - u_prev).max()
    if t % 20 == 0:
        history.append(u.reshape(n, n).mean())
    t += 1
grad = (u.reshape(n, n)[:, 1] - u.reshape(n, n)[:, -2]).mean() / (n - 3)
k_eff = 0.5 * u.reshape(n, n)[:, -1].mean() / max(abs(grad), 1e-12)
print(f"steps {t}, mean temperature {u.mean():.5f}, effective conductivity {k_eff:.4f}")
print(f"result: {u.sum() + sum(history) + k_eff:.10e}")
