# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Clipping an array with a conditional comprehension."""

import numpy as np


def clip_negative(arr: np.ndarray) -> np.ndarray:
    return np.array([v if v > 0 else 0.0 for v in arr])  # expect: AB102
