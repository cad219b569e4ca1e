# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (h_pairwise): written after the rules, scored before any change to them."""

import numpy as np


def pairwise_dist(P: np.ndarray) -> np.ndarray:
    n = P.shape[0]
    D = np.zeros((n, n))
    for i in range(n):  # expect: AB106
        for j in range(n):
            D[i, j] = np.sqrt(((P[i] - P[j]) ** 2).sum())
    return D
