# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""L2-normalises document embeddings with one vectorised norm call before a cosine-similarity search."""

# Source: https://thecodeforge.io/python/numpy-performance-vectorisation/ (article: replace per-row Python loops with axis-wise NumPy operations)

import numpy as np


def normalize_rows(X: np.ndarray, eps: float = 1e-12) -> np.ndarray:
    norms = np.linalg.norm(X, axis=1, keepdims=True)
    return X / np.maximum(norms, eps)


def top_k_similar(X: np.ndarray, q: np.ndarray, k: int = 10) -> np.ndarray:
    Xn = normalize_rows(X)
    qn = q / np.linalg.norm(q)
    scores = Xn @ qn
    idx = np.argpartition(scores, -k)[-k:]
    return idx[np.argsort(scores[idx])[::-1]]
