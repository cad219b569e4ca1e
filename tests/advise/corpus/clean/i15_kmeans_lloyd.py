# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Lloyd's k-means: each iteration assigns points, then recomputes every centroid from its
cluster. The loop over clusters does whole-array work per cluster."""

import numpy as np


def kmeans(X: np.ndarray, k: int, n_iter: int = 50, seed: int = 0):
    rng = np.random.default_rng(seed)
    centroids = X[rng.choice(len(X), size=k, replace=False)].copy()
    for _ in range(n_iter):
        d = ((X[:, None, :] - centroids[None, :, :]) ** 2).sum(axis=2)
        labels = d.argmin(axis=1)
        for c in range(k):
            members = X[labels == c]
            if len(members):
                centroids[c] = members.mean(axis=0)
    return centroids, labels
