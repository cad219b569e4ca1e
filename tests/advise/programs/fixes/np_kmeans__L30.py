# ruff: noqa
"""K-means clustering of synthetic 2-D blobs with k-means++ seeding; prints the final inertia."""
import numpy as np


def make_blobs(n, k, rng):
    centers = rng.normal(0.0, 6.0, size=(k, 2))
    labels = rng.integers(0, k, size=n)
    return centers[labels] + rng.normal(0.0, 1.0, size=(n, 2))


def init_centroids(X, k, rng):
    centroids = [X[rng.integers(len(X))]]
    for _ in range(k - 1):
        d = np.min(((X[:, None, :] - np.array(centroids)[None]) ** 2).sum(-1), axis=1)
        centroids.append(X[rng.choice(len(X), p=d / d.sum())])
    return np.array(centroids)


def assign(X, centroids):
    labels = np.empty(len(X), dtype=np.int64)
    for i in range(len(X)):
        d = ((centroids - X[i]) ** 2).sum(axis=1)
        labels[i] = np.argmin(d)
    return labels


def update(X, labels, k):
    counts = np.bincount(labels, minlength=k)
    sums = np.stack([np.bincount(labels, weights=X[:, c], minlength=k) for c in range(X.shape[1])], 1)
    return sums / counts[:, None]


def inertia(X, centroids, labels):
    total = 0.0
    for i in range(len(X)):
        diff = X[i] - centroids[labels[i]]
        total += diff[0] * diff[0] + diff[1] * diff[1]
    return total


def kmeans(X, k, iters, rng):
    centroids = init_centroids(X, k, rng)
    history = []
    for it in range(iters):
        labels = assign(X, centroids)
        centroids = update(X, labels, k)
        history.append(inertia(X, centroids, labels))
        if it > 2 and abs(history[-2] - history[-1]) < 1e-9 * history[-1]:
            break
    return centroids, labels, history


rng = np.random.default_rng(0)
X = make_blobs(20000, 6, rng)
centroids, labels, history = kmeans(X, 6, 12, rng)
print(f"iterations: {len(history)}")
print(f"result: {history[-1]:.10e}")
