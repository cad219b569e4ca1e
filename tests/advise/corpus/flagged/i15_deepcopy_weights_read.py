# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""deepcopy of a weight matrix that is only read."""

import copy

import numpy as np


def project(weights: np.ndarray, X: np.ndarray) -> np.ndarray:
    W = copy.deepcopy(weights)  # expect: AB203
    return np.tanh(X @ W)
