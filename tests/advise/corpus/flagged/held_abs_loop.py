# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (h_abs_loop): written after the rules, scored before any change to them."""

import numpy as np


def absval(x):
    y = np.zeros(len(x))
    for k in range(len(y)):  # expect: AB103
        y[k] = abs(x[k])
    return y
