# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A discrete Laplacian with an explicit loop (a stencil, not a recurrence)."""

import numpy as np


def laplacian(n: int) -> np.ndarray:
    u = np.sin(np.linspace(0.0, np.pi, n))
    lap = np.zeros(n)
    for i in range(1, n - 1):  # expect: AB101
        lap[i] = u[i - 1] - 2.0 * u[i] + u[i + 1]
    return lap
