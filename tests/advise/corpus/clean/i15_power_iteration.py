# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Power iteration: each step needs the last vector."""

import numpy as np


def top_eigenvector(A: np.ndarray, n_iter: int = 100) -> np.ndarray:
    v = np.random.default_rng(0).standard_normal(A.shape[0])
    for _ in range(n_iter):
        v = A @ v
        v /= np.linalg.norm(v)
    return v
