# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (h_count_nonzero): written after the rules, scored before any change to them."""

import numpy as np


def nnz(a: np.ndarray) -> int:
    c = 0
    for v in a.ravel():  # expect: AB104
        if v != 0:
            c += 1
    return c
