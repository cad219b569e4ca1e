# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Residuals of an iteration with a needless copy."""

import numpy as np


def residual_norms(A: np.ndarray, b: np.ndarray, xs: list) -> list:
    norms = []
    for xk in xs:
        r = b.copy() - A @ xk  # expect: AB203
        norms.append(np.linalg.norm(r))
    return norms
