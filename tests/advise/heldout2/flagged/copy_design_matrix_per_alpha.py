# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""A ridge-regression path that copies the design matrix for every regularisation strength."""

# Source: https://github.com/jmschrei/pomegranate/pull/819 (needless array copies: "numpy.array
# always makes a copy whereas numpy.asarray only makes a copy if necessary").

import numpy as np


def ridge_path(X: np.ndarray, y: np.ndarray, alphas) -> np.ndarray:
    coefs = []
    for alpha in alphas:
        A = X.copy()  # expect: AB203
        G = A.T @ A + alpha * np.eye(A.shape[1])
        coefs.append(np.linalg.solve(G, A.T @ y))
    return np.array(coefs)
