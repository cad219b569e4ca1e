# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Summing an array by hand."""

import numpy as np


def total(x: np.ndarray) -> float:
    s = 0.0
    for i in range(len(x)):  # expect: AB104
        s += x[i]
    return s
