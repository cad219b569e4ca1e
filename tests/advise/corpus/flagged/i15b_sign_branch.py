# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Soft-thresholding written with a branch per coefficient."""

import numpy as np


def soft_threshold(coefs, lam):
    out = np.empty_like(coefs)
    for i in range(len(coefs)):  # expect: AB102
        c = coefs[i]
        if c > lam:
            out[i] = c - lam
        elif c < -lam:
            out[i] = c + lam
        else:
            out[i] = 0.0
    return out


w = soft_threshold(np.random.randn(10_000), 0.1)
