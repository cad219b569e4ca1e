# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A Python activation applied to every score computed by another function."""

import math

import numpy as np


def scores(X, w):
    return X @ w


def sigmoid(v):
    return 1.0 / (1.0 + math.exp(-v))


X = np.random.randn(5000, 16)
w = np.random.randn(16)
probs = np.array([sigmoid(s) for s in scores(X, w)])  # expect: AB103 (possible)
