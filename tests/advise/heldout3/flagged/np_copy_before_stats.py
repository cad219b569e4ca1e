# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Standardizes the columns of a feature matrix, taking a copy of the input that is never written to."""

# Source: https://stackoverflow.com/questions/50825208/speed-of-copying-numpy-array (b = np.array(a) vs
# b = np.copy(a) to copy an array; both allocate a new buffer and copy every element).

import numpy as np


def standardize(a):
    b = np.copy(a)  # expect: AB203
    mu = b.mean(axis=0)
    sigma = b.std(axis=0)
    return (b - mu) / sigma


X = np.random.randint(0, 20000, (200_000, 64)).astype(np.float64)
Z = standardize(X)
