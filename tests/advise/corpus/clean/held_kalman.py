# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (hc_kalman): written after the rules, scored before any change to them."""

import numpy as np


def kalman(zs: np.ndarray, q: float, r: float):
    x, p = 0.0, 1.0
    est = np.empty_like(zs)
    for k in range(len(zs)):
        p = p + q
        g = p / (p + r)
        x = x + g * (zs[k] - x)
        p = (1 - g) * p
        est[k] = x
    return est
