# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A Gaussian evaluated with math.exp in a loop."""

import math

import numpy as np


def gaussian(x: np.ndarray, sigma: float) -> np.ndarray:
    y = np.empty_like(x)
    for i in range(len(x)):  # expect: AB103
        y[i] = math.exp(-(x[i] ** 2) / (2 * sigma**2))
    return y
