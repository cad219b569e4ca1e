# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""All pairwise differences of a vector with two nested loops."""

# Source: https://publish.obsidian.md/nicam/Python+Tips/pairwise+distance+problem
# ("M[i,j] = X[i] - X[j]" in two loops: 50 s for n=10,000; broadcasting: 0.2 s).

import numpy as np


def pairwise_differences(X: np.ndarray) -> np.ndarray:
    n = len(X)
    M = np.zeros((n, n))
    for i in range(n):  # expect: AB101
        for j in range(n):
            M[i, j] = X[i] - X[j]
    return M
