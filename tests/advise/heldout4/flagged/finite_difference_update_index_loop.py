# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Advances a 1-D reaction-diffusion field by explicit finite differences, updating each grid point in a Python loop."""

# Source: https://learncodefast.org/courses/numpy/performance (lesson: element-wise loops over NumPy arrays pay interpreter overhead per element; rewrite as one array expression)

import numpy as np


def step(u: np.ndarray, dt: float, dx: float, d: float = 1.0, k: float = 0.1) -> np.ndarray:
    new = u.copy()
    for i in range(1, len(u) - 1):  # expect: AB101
        new[i] = u[i] + dt * (d * (u[i + 1] - 2 * u[i] + u[i - 1]) / dx**2 - k * u[i] * u[i])
    return new


def simulate(n_points=200_000, n_steps=1_000):
    x = np.linspace(0.0, 1.0, n_points)
    u = np.exp(-((x - 0.5) ** 2) / 0.001)
    dx = x[1] - x[0]
    dt = 0.2 * dx**2
    for _ in range(n_steps):
        u = step(u, dt, dx)
    return u
