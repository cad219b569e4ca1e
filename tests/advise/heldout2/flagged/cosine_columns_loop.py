# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Cosine similarity of the last TF-IDF column against every other column, one column at a time."""

# Source: https://stackoverflow.com/questions/63690068/how-to-find-cosine-similarity-of-one-vector-vs-matrix
# ("for i in range(mat.shape[1]-1): cos_sim = dot(mat[:,i], mat[:,-1])/(norm(mat[:,i])*norm(mat[:,-1]))
# ... this loop is making it slow"). Judgement call: a dot and a norm per column; the main
# rewrite is one matrix-vector product (mat[:, -1] @ mat[:, :-1]), so AB105 rather than AB106.

import numpy as np
from numpy import dot
from numpy.linalg import norm


def last_column_similarity(mat: np.ndarray) -> np.ndarray:
    out = np.empty(mat.shape[1] - 1)
    for i in range(mat.shape[1] - 1):  # expect: AB105
        out[i] = dot(mat[:, i], mat[:, -1]) / (norm(mat[:, i]) * norm(mat[:, -1]))
    return out
