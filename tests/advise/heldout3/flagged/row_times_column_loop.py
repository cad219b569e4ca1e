# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Multiplies the i-th row of one array by the i-th column of another for every i in a Python loop."""

# Source: https://codedump.io/share/C9mrMuhAdvNM/1/computing-product-of-ith-row-of-array1-and-ith-column-of-array2---numpy
# (the loopy original_app vs np.einsum('ij,ji->i', M1, M2): 2.09 ms vs 13 us).

import numpy as np


def original_app(M1, M2):
    N = M1.shape[0]
    out = np.zeros(N)
    for i in range(N):  # expect: AB105
        out[i] = M1[i].dot(M2[:, i])
    return out


N = 1000
M1 = np.random.rand(N, 2)
M2 = np.random.rand(2, N)
out = original_app(M1, M2)
