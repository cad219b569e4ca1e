# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Row-wise dot products of two matrices, one np.dot per row."""

import numpy as np


def rowdot(a, b):
    out = np.empty(a.shape[0])
    for i in range(a.shape[0]):  # expect: AB105
        out[i] = np.dot(a[i], b[i])
    return out


r = rowdot(np.random.rand(100_000, 16), np.random.rand(100_000, 16))
