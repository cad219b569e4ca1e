# ruff: noqa
"""Steady-state temperature of a heated plate: the 2-D Poisson equation on a square grid with a
few heat sources, solved by weighted Jacobi relaxation until the residual drops below a
tolerance, then the hottest points are reported."""
import numpy as np
import scipy.sparse as sp


class Grid:
    def __init__(self, n, h):
        self.n = n
        self.h = h

    @property
    def laplacian(self):
        n = self.n
        t = sp.diags([1.0, -2.0, 1.0], [-1, 0, 1], shape=(n, n))
        eye = sp.identity(n)
        return ((sp.kron(eye, t) + sp.kron(t, eye)) / self.h**2).tocsr()

    def sources(self, rng):
        f = np.zeros((self.n, self.n))
        for _ in range(5):
            i, j = rng.integers(5, self.n - 5, size=2)
            f[i - 2:i + 3, j - 2:j + 3] = -rng.uniform(50, 150)
        return f.ravel()


def relax(grid, f, omega=0.8, tol=1e-3, max_iter=3000):
    diag = -4.0 / grid.h**2
    u = np.zeros_like(f)
    history = []
    it = 0
    lap = grid.laplacian
    while it < max_iter:
        r = f - lap @ u
        u = u + omega * r / diag
        res = float(np.linalg.norm(r)) * grid.h
        history.append(res)
        if max(history[-3:]) < tol:
            break
        it += 1
    return u, history


rng = np.random.default_rng(5)
grid = Grid(48, 1.0 / 49)
f = grid.sources(rng)
u, history = relax(grid, f)
hot = np.argsort(u)[:3]
print(f"{len(history)} sweeps, residual {history[-1]:.3e}, coldest nodes {hot.tolist()}")
print(f"result: {u.sum() + sum(history[-10:]):.10e}")
