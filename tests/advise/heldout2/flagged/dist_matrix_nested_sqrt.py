# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Euclidean distances between two point sets, one pair of rows at a time."""

# Source: numpy-discussion thread "Distance Matrix Speed" (Sebastian Beca, June 2006), as stored at
# https://huggingface.co/datasets/nvidia/Nemotron-CC-Math-v1 ("d[i, j] = sqrt(sum((A[i] - B[j])**2))",
# 10-20 times slower than Matlab's dist). A reduction of a row expression per pair is AB106 by
# docs/lint.md's reading of its own held-out set.

import numpy as np


def dtest(C: int = 4, N: int = 1000) -> np.ndarray:
    A = np.random.random([C, 2])
    B = np.random.random([N, 2])
    d = np.zeros([C, N], dtype="f")
    for i in range(C):  # expect: AB106
        for j in range(N):
            d[i, j] = np.sqrt(np.sum((A[i] - B[j]) ** 2))
    return d
