# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""k-means whose assignment step fills one column of distances per cluster."""

# Source: http://serelk.com/the-k-means-algorithm-with-python/ (assignment by distance to each
# centroid) and https://theneuralbase.com/numpy-for-ml/learn/advanced/k-means-clustering/ ("Assign
# each point to the nearest centroid ... Recalculate each centroid"). A loop over k clusters, each
# iteration vectorised over all points: the false positive.

import numpy as np


def lloyd(X: np.ndarray, centroids: np.ndarray, n_iter: int = 20):
    k = len(centroids)
    dists = np.empty((len(X), k))
    for _ in range(n_iter):
        for c in range(k):
            dists[:, c] = np.linalg.norm(X - centroids[c], axis=1)
        labels = dists.argmin(axis=1)
        centroids = np.stack([X[labels == c].mean(axis=0) for c in range(k)])
    return centroids, labels
