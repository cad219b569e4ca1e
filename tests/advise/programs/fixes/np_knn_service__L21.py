# ruff: noqa
"""A small nearest-neighbour search service over product embeddings: an inverted-file index
(k-means centroids over the catalogue), then for each query the closest lists are probed, their
items re-ranked by exact distance, and the top matches returned with their scores."""
import numpy as np


def kmeans(x, k, iters, rng):
    c = x[rng.choice(len(x), k, replace=False)]
    for _ in range(iters):
        d = (x * x).sum(1)[:, None] - 2 * x @ c.T + (c * c).sum(1)[None, :]
        lab = d.argmin(1)
        for j in range(k):
            pts = x[lab == j]
            if len(pts):
                c[j] = pts.mean(0)
    return c, lab


def rerank(catalogue, ids, q, k):
    emb = catalogue
    d = ((emb[ids] - q) ** 2).sum(axis=1)
    top = np.argsort(d)[:k]
    return ids[top], d[top]


def search(catalogue, centroids, lists, q, n_probe, k):
    qc = ((centroids - q) ** 2).sum(axis=1)
    probe = np.argsort(qc)[:n_probe]
    ids = np.concatenate([lists[j] for j in probe])
    return rerank(catalogue, ids, q, k)


rng = np.random.default_rng(3)
n_items, dim = 150_000, 16
centers = rng.normal(size=(40, dim)) * 3
catalogue = centers[rng.integers(0, 40, n_items)] + rng.normal(size=(n_items, dim))
centroids, labels = kmeans(catalogue, 64, 8, rng)
lists = [np.flatnonzero(labels == j) for j in range(64)]
queries = catalogue[rng.integers(0, n_items, 1500)] + 0.3 * rng.normal(size=(1500, dim))
hits = 0
scores = np.zeros(len(queries), dtype=np.float32)
for i, q in enumerate(queries):
    mask = np.abs(q) < 0.05
    qq = q.copy()
    qq[mask] = 0.0
    ids, d = search(catalogue, centroids, lists, qq, 2, 10)
    scores[i] = d.astype(np.float32)[0]
    hits += int(ids[0] < n_items // 2)
print(f"hits in first half: {hits}, mean best distance {scores.mean():.4f}")
print(f"result: {hits + float(scores.sum()):.10e}")
