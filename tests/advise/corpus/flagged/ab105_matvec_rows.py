# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A matrix-vector product one row at a time."""

import numpy as np


def matvec(A: np.ndarray, x: np.ndarray) -> np.ndarray:
    y = np.zeros(A.shape[0])
    for i in range(A.shape[0]):  # expect: AB105
        y[i] = A[i] @ x
    return y
