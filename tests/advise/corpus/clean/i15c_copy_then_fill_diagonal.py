# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A copy of given distances, then its diagonal overwritten: the copy is needed."""

import numpy as np


def neighbours(dist: np.ndarray, k: int) -> np.ndarray:
    d = dist.copy()
    np.fill_diagonal(d, np.inf)
    return np.argsort(d, axis=1)[:, :k]
