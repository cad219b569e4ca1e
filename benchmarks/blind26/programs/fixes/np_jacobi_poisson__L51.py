# ruff: noqa
"""Solves a 1-D Poisson problem -u'' = f on a uniform grid with damped Jacobi iterations for a
handful of source terms, stopping each solve when the largest update falls under a tolerance, and
reports the solutions' mean values."""
import numpy as np


class JacobiSolver:
    def __init__(self, n, omega=0.8, tol=1e-7, max_iter=5000):
        self.n = n
        self.h = 1.0 / (n + 1)
        self.omega = omega
        self.tol = tol
        self.max_iter = max_iter

    @staticmethod
    def largest(delta):
        return max(abs(delta))

    def sweep(self, u, f):
        nb = np.zeros_like(u)
        nb[1:] += u[:-1]
        nb[:-1] += u[1:]
        new = 0.5 * (nb + self.h * self.h * f)
        return self.omega * new + (1.0 - self.omega) * u

    def solve(self, f):
        u = np.zeros(self.n)
        it = 0
        change = np.inf
        while change > self.tol and it < self.max_iter:
            nxt = self.sweep(u, f)
            change = self.largest(nxt - u)
            u = nxt
            it += 1
        return u, it


def sources(n, k):
    x = np.linspace(0.0, 1.0, n + 2)[1:-1]
    for j in range(1, k + 1):
        yield j, np.sin(np.pi * j * x) + 0.1 * x


solver = JacobiSolver(1500)
means, iters = [], []
for j, f in sources(solver.n, 6):
    u, it = solver.solve(f)
    means.append(u.mean())
    iters.append(it)
scale = 1.75
total = float(np.sum(means)) * scale
print("iterations:", iters)
print("result:", f"{total + sum(iters):.10e}")
