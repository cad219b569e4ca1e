# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Element-wise add written as a loop (the classic suite's loop_add)."""

import numpy as np


def add(x, y):
    out = np.empty_like(x)
    for i in range(len(x)):  # expect: AB101
        out[i] = x[i] + y[i]
    return out
