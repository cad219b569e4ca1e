# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A snapshot taken before a helper updates the array in place: the copy is needed."""

import numpy as np


def impute_round(X: np.ndarray, mask: np.ndarray) -> None:
    col_means = np.nanmean(np.where(mask, np.nan, X), axis=0)
    X[mask] = np.take(col_means, np.nonzero(mask)[1])


def iterate(X: np.ndarray, mask: np.ndarray, tol: float = 1e-3, rounds: int = 10):
    previous = X.copy()
    for _ in range(rounds):
        impute_round(X, mask)
        if np.abs(X - previous).max() < tol:
            break
        previous = X.copy()
    return X
