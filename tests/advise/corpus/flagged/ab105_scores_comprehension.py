# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Linear scores of every sample with a comprehension."""

import numpy as np


def scores(X: np.ndarray, w: np.ndarray) -> list[float]:
    return [(X[i] * w).sum() for i in range(len(X))]  # expect: AB105
