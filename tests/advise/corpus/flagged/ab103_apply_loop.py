# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A scalar sigmoid applied element by element (the classic suite's loop_apply)."""

import math


def _sigmoid(v):
    return 1.0 / (1.0 + math.exp(-v))


def apply_loop(x, xp):
    out = xp.empty_like(x)
    for i in range(len(x)):  # expect: AB103
        out[i] = _sigmoid(x[i])
    return out
