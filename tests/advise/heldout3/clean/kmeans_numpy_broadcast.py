# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""K-means with NumPy broadcasting: each iteration assigns all points at once and updates the few centroids."""

# Source: https://jimmy-shen.medium.com/simple-implement-k-means-by-using-numpy-8a0b16883da5 (a quick
# K means implementation where the hard part is NumPy broadcasting).

import numpy as np


def kmeans(points, k=3, n_iter=20, seed=0):
    rng = np.random.default_rng(seed)
    idx = np.arange(len(points))
    rng.shuffle(idx)
    centroids = points[idx[:k]]
    for _ in range(n_iter):
        dists = np.sqrt(((points[:, None, :] - centroids[None, :, :]) ** 2).sum(axis=2))
        labels = dists.argmin(axis=1)
        for c in range(k):
            if np.any(labels == c):
                centroids[c] = points[labels == c].mean(axis=0)
    return centroids, labels


points = np.random.randn(10_000, 2)
centroids, labels = kmeans(points)
