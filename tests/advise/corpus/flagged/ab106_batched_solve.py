# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Solving a stack of small linear systems one by one."""

import numpy as np


def solve_all(A: np.ndarray, b: np.ndarray) -> np.ndarray:
    xs = np.empty_like(b)
    for i in range(A.shape[0]):  # expect: AB106
        xs[i] = np.linalg.solve(A[i], b[i])
    return xs
