# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""L2-normalises 30k document embeddings before a cosine-similarity search by taking the norm of each row."""

# Source: http://stackoverflow.com/questions/7741878/how-to-apply-numpy-linalg-norm-to-each-row-of-a-matrix/7741976 (question: norm of each of 30k rows in a for loop takes a huge time; np.linalg.norm(x, axis=1))

import numpy as np


def normalize_rows(X: np.ndarray) -> np.ndarray:
    out = np.empty_like(X)
    for i in range(X.shape[0]):  # expect: AB106
        out[i] = X[i] / np.linalg.norm(X[i])
    return out


def top_k_similar(X: np.ndarray, q: np.ndarray, k: int = 10) -> np.ndarray:
    Xn = normalize_rows(X)
    qn = q / np.linalg.norm(q)
    return np.argsort(Xn @ qn)[-k:][::-1]
