"""Damped Jacobi-style relaxation of a diagonally dominant linear system, with a residual trace.

A RelaxationSolver iterates x <- x + w * D^-1 (b - A x) until the residual norm falls below a
tolerance, recording every iterate so the convergence path can be summarised afterwards. It is
run for three relaxation weights; the result combines the final solutions and trace statistics.
"""
import numpy as np


def make_system(n, seed):
    rng = np.random.default_rng(seed)
    A = rng.standard_normal((n, n)) * 0.02
    A += np.diag(np.full(n, 1.0) + np.abs(A).sum(axis=1))
    b = rng.standard_normal(n)
    return A, b


class RelaxationSolver:
    def __init__(self, A, b, weight, tol=1e-9, max_iter=5000):
        self.A, self.b = A, b
        self.dinv = 1.0 / np.diag(A)
        self.weight = weight
        self.tol = tol
        self.max_iter = max_iter
        self.trace = []

    def record(self, x):
        self.trace.append(x)

    def solve(self):
        x = np.zeros_like(self.b)
        it = 0
        res = np.inf
        while res > self.tol and it < self.max_iter:
            r = self.b - self.A @ x
            x = x + self.weight * self.dinv * r
            self.record(x)
            res = np.linalg.norm(r)
            it += 1
        return x, it


def main():
    A, b = make_system(600, seed=11)
    summary = np.empty(0)
    total = 0.0
    for w in (0.01, 0.012, 0.015):
        solver = RelaxationSolver(A, b, w)
        x, it = solver.solve()
        path = np.stack(solver.trace)
        total += float(np.abs(path).mean()) + it * 1e-4
        summary = np.append(summary, x.sum())
    print("result:", round(total + float(summary.sum()), 8))


if __name__ == "__main__":
    main()
