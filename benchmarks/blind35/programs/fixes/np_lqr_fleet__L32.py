"""Infinite-horizon LQR control of a fleet of identical linearised plants (a chain of coupled
masses) under process noise: the Riccati equation is solved once, then every plant is driven
by state feedback for a few thousand steps while the quadratic cost is accumulated."""
import numpy as np
from scipy.linalg import solve_discrete_are


def chain_plant(n_mass, dt=0.05, k=4.0, c=0.3):
    n = 2 * n_mass
    A = np.eye(n)
    for i in range(n_mass):
        A[i, n_mass + i] = dt
        A[n_mass + i, i] -= 2 * k * dt
        A[n_mass + i, n_mass + i] -= c * dt
        if i > 0:
            A[n_mass + i, i - 1] += k * dt
        if i < n_mass - 1:
            A[n_mass + i, i + 1] += k * dt
    B = np.zeros((n, n_mass))
    for j in range(n_mass):
        B[n_mass + j, j] = dt
    return A, B


class LQRController:
    def __init__(self, A, B, Q, R):
        self.A, self.B, self.Q, self.R = A, B, Q, R
        self.P = solve_discrete_are(A, B, Q, R)

    def gain(self):
        if not hasattr(self, "_K"):
            BtP = self.B.T @ self.P
            self._K = np.linalg.solve(self.R + BtP @ self.B, BtP @ self.A)
        return self._K

    def __call__(self, X):
        return -X @ self.gain().T


def simulate(ctrl, X0, steps, rng, noise=0.01):
    A, Q, R = ctrl.A, ctrl.Q, ctrl.R
    X = X0.copy()
    cost = 0.0
    for t in range(steps):
        U = ctrl(X)
        cost += np.einsum("pi,ij,pj->", X, Q, X) + np.einsum("pi,ij,pj->", U, R, U)
        X = X @ A.T + U @ ctrl.B.T + noise * rng.standard_normal(X.shape)
    return X, cost


rng = np.random.default_rng(11)
A, B = chain_plant(40)
Q = np.eye(A.shape[0])
R = 0.1 * np.eye(B.shape[1])
ctrl = LQRController(A, B, Q, R)
X0 = rng.normal(0.0, 1.0, size=(16, A.shape[0]))
X, cost = simulate(ctrl, X0, 10000, rng)
print(f"final mean |x|: {np.abs(X).mean():.4f}, total cost: {cost:.2f}")
print(f"result: {cost + np.abs(X).sum():.10e}")
