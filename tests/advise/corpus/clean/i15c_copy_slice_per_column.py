# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Median of each column of a CSC matrix: each iteration copies a different slice,
which is then sorted in place."""

import numpy as np


def column_medians(data: np.ndarray, indptr: np.ndarray) -> np.ndarray:
    out = np.zeros(len(indptr) - 1)
    for j in range(len(indptr) - 1):
        col = np.copy(data[indptr[j] : indptr[j + 1]])
        col.sort()
        out[j] = col[len(col) // 2] if len(col) else 0.0
    return out
