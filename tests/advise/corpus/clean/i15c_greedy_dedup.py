# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Greedy de-duplication: marking neighbours changes what later iterations see."""

import numpy as np


def dedup(centers: np.ndarray, radius: float) -> np.ndarray:
    keep = np.ones(len(centers), dtype=bool)
    for i, c in enumerate(centers):
        if keep[i]:
            close = np.flatnonzero(np.linalg.norm(centers - c, axis=1) < radius)
            keep[close] = False
            keep[i] = True
    return centers[keep]
