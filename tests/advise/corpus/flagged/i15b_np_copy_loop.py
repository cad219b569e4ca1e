# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Each candidate copies the base vector with np.array before evaluating it."""

import numpy as np


def best_shift(base: np.ndarray, shifts, score):
    best, best_s = None, -np.inf
    for d in shifts:
        cand = np.array(base)  # expect: AB203 (possible)
        s = score(cand + d)
        if s > best_s:
            best, best_s = d, s
    return best
