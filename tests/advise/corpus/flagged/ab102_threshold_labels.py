# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Turning scores into labels with if/else per sample."""

import numpy as np


def labels(scores: np.ndarray, threshold: float) -> np.ndarray:
    n = len(scores)
    out = np.zeros(n, dtype=np.int64)
    for i in range(n):  # expect: AB102
        if scores[i] > threshold:
            out[i] = 1
        else:
            out[i] = 0
    return out
