# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A generic "apply fn to every element" helper."""

import numpy as np


def apply(fn, x: np.ndarray) -> np.ndarray:
    out = np.empty_like(x)
    for i, v in enumerate(x):  # expect: AB103
        out[i] = fn(v)
    return out
