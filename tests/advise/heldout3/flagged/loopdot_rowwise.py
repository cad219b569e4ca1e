# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Computes the dot product of matching rows of two matrices, one np.dot call per row."""

# Source: https://w3toppers.com/vectorized-way-of-calculating-row-wise-dot-product-two-matrices-with-scipy/
# (loopdot vs npsumdot: np.sum(x*y, axis=1) avoids the Python loop and is faster).

import numpy as np


def loopdot(x, y):
    result = np.empty((x.shape[0]))
    for i in range(x.shape[0]):  # expect: AB105
        result[i] = np.dot(x[i], y[i])
    return result


a = np.random.rand(500000, 50)
b = np.random.rand(500000, 50)
r = loopdot(a, b)
