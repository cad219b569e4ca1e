# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Already vectorized: where, clip, exp on whole arrays."""

import numpy as np


def leaky_relu(x: np.ndarray) -> np.ndarray:
    return np.where(x > 0, x, 0.1 * x)


def softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)
