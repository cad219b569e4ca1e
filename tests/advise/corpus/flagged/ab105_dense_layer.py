# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A dense layer's forward pass, neuron by neuron."""

import numpy as np


def dense(W: np.ndarray, h: np.ndarray, b: np.ndarray) -> np.ndarray:
    n = W.shape[0]
    out = np.empty(n)
    for i in range(n):  # expect: AB105
        out[i] = np.dot(W[i, :], h) + b[i]
    return np.maximum(out, 0.0)
