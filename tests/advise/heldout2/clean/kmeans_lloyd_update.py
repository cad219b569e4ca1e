# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""Lloyd's k-means: vectorised assignment, then one centroid update per cluster."""

# Source: https://production.codecademy.com/courses/machine-learning/lessons/machine-learning-clustering/exercises/step-3
# ("centroids_old = deepcopy(centroids)", then "a for loop that iterates k times ... the mean of the
# points that have the same cluster label").

from copy import deepcopy

import numpy as np


def kmeans(X: np.ndarray, k: int = 3, max_iter: int = 100, seed: int = 0):
    rng = np.random.default_rng(seed)
    centroids = X[rng.choice(len(X), k, replace=False)].copy()
    labels = np.zeros(len(X), dtype=int)
    for _ in range(max_iter):
        centroids_old = deepcopy(centroids)
        d = ((X[:, None, :] - centroids[None, :, :]) ** 2).sum(axis=2)
        labels = d.argmin(axis=1)
        for i in range(k):
            points = X[labels == i]
            if len(points):
                centroids[i] = points.mean(axis=0)
        if np.allclose(centroids, centroids_old):
            break
    return centroids, labels
