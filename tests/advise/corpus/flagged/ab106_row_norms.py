# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Norm of each row, one call per row."""

import numpy as np


def row_norms(X: np.ndarray) -> np.ndarray:
    norms = np.empty(len(X))
    for i in range(len(X)):  # expect: AB106
        norms[i] = np.linalg.norm(X[i])
    return norms
