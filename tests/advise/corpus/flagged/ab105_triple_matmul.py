# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Matrix multiplication with three loops."""

import numpy as np


def matmul(A: np.ndarray, B: np.ndarray) -> np.ndarray:
    n, m, p = A.shape[0], A.shape[1], B.shape[1]
    C = np.zeros((n, p))
    for i in range(n):  # expect: AB105
        for j in range(p):
            for k in range(m):
                C[i, j] += A[i, k] * B[k, j]
    return C
