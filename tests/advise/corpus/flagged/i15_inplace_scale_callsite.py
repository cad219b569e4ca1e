# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A helper that scales an array element by element; its callers pass NumPy arrays."""

import numpy as np


def scale_inplace(arr, factor):
    for i in range(len(arr)):  # expect: AB101
        arr[i] = arr[i] * factor


def normalize_columns(M):
    for j in range(M.shape[1]):
        col = M[:, j]
        scale_inplace(col, 1.0 / np.abs(col).max())


data = np.random.rand(1000, 8)
normalize_columns(data)
scale_inplace(np.random.rand(100), 2.0)
