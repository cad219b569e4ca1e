# ruff: noqa
"""1-D premixed flame relaxation solver: temperature and fuel fraction on a grid are advanced
with an implicit diffusion step and an explicit Arrhenius source until the temperature profile
stops changing; then the flame position and burnt fraction are reported."""
import numpy as np


def laplacian(n, dx):
    a = np.zeros((n, n))
    i = np.arange(n)
    a[i, i] = -2.0
    a[i[:-1], i[:-1] + 1] = 1.0
    a[i[1:], i[1:] - 1] = 1.0
    a[0, 1] = 2.0
    a[-1, -2] = 2.0
    return a / dx**2


class FlameSolver:
    def __init__(self, n, dt, alpha=1.0, le=1.2):
        self.n, self.dt = n, dt
        self.dx = 1.0 / (n - 1)
        self.lap = laplacian(n, self.dx)
        self.alpha, self.le = alpha, le
        self.ops = {}
        self.bc = np.array([[1.0, 0.1, 0.0], [0.0, 1.0, 0.1], [0.0, 0.0, 1.0]])

    def implicit_operator(self, kappa):
        if kappa not in self.ops:
            self.ops[kappa] = np.linalg.inv(np.eye(self.n) - self.dt * kappa * self.lap)
        return self.ops[kappa]

    def source(self, T, Y):
        return 5.0e3 * Y * np.exp(-8.0 / np.maximum(T, 0.05))

    def step(self, T, Y):
        w = self.source(T, Y)
        T_new = self.implicit_operator(self.alpha) @ (T + self.dt * w)
        Y_new = np.clip(Y - self.dt * w, 0.0, 1.0)
        Y_new = Y_new + self.dt * (self.alpha / self.le) * (self.lap @ Y_new)
        edge = np.linalg.inv(self.bc) @ np.array([T_new[0], T_new[-1], Y_new[0]])
        T_new[0] = 0.5 * (T_new[0] + edge[0] / (1.0 + 1e-9))
        return T_new, np.clip(Y_new, 0.0, 1.0)


def solve(solver, tol=1e-7, max_iter=400):
    x = np.linspace(0.0, 1.0, solver.n)
    T = 0.2 + 0.8 / (1.0 + np.exp(-(x - 0.3) * 40))
    Y = 1.0 - 0.95 / (1.0 + np.exp(-(x - 0.3) * 40))
    it, change = 0, np.inf
    while change > tol and it < max_iter:
        T_next, Y = solver.step(T, Y)
        change = np.abs(T_next - T).max()
        T = T_next
        it += 1
    return T, Y, it


solver = FlameSolver(n=420, dt=2e-5)
T, Y, iters = solve(solver)
front = int(np.argmax(np.gradient(T)))
print(f"iterations {iters}, flame front at cell {front}, burnt fraction {1 - Y.mean():.4f}")
print(f"result: {T.sum() + Y.sum() + iters:.10e}")
