# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Time stepping of whole arrays: each step needs the last."""

import numpy as np


def simulate(x: np.ndarray, v: np.ndarray, accel, dt: float, n_steps: int):
    for _ in range(n_steps):
        v = v + dt * accel(x)
        x = x + dt * v
    return x, v
