# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Keeping a small slice of a big array: the copy lets the big one be freed."""

import numpy as np


def first_labels(assignments: np.ndarray, n: int) -> np.ndarray:
    labels = np.copy(assignments[:n])  # without the copy, the whole array stays alive
    return np.searchsorted(np.unique(labels), labels)
