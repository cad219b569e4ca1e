# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""A pendulum integrated with explicit Euler steps: each step needs the previous one."""

# Source: https://github.com/jax-ml/jax/issues/2287 ("for i in range(N): x = x+v*dt; v =
# v-c*np.sin(x)*dt", storing x and v per step); written with NumPy arrays for the trajectory.

import numpy as np


def simulate(x0: float = 1.5, v0: float = 0.0, dt: float = 1e-3, N: int = 100_000):
    c = 4 * np.pi**2
    tab_x = np.zeros(N)
    tab_v = np.zeros(N)
    x, v = x0, v0
    for i in range(N):
        x = x + v * dt
        v = v - c * np.sin(x) * dt
        tab_x[i] = x
        tab_v[i] = v
    return np.arange(N) * dt, tab_x, tab_v
