# ruff: noqa
"""Two-tower retrieval for a recommender: user features and item features go through their own
small towers (a projection and a nonlinearity), every user of a request batch is scored
against the whole catalogue and the top items are compared with the held-out clicks
(recall@k for several k)."""
from functools import partial

import numpy as np

DIM_IN, DIM = 48, 32


class Tower:
    def __init__(self, rng, d_in, d_out):
        self.W = rng.standard_normal((d_out, d_in)) / np.sqrt(d_in)
        self.b = 0.1 * rng.standard_normal(d_out)

    def encode(self, feats):
        project = partial(np.dot, self.W)
        h = feats @ self.W.T + self.b
        h = np.tanh(h)
        return h / np.linalg.norm(h, axis=1, keepdims=True)


def recall_at(scores, clicked, ks=(5, 10, 20, 50)):
    order = np.argsort(-scores, axis=1)
    out = {}
    for k in ks:
        top = order[:, :k]
        out[k] = float((top == clicked[:, None]).any(axis=1).mean())
    return out


rng = np.random.default_rng(5)
users = Tower(rng, DIM_IN, DIM)
items = Tower(rng, DIM_IN, DIM)
catalogue = rng.standard_normal((2000, DIM_IN))
item_vecs = items.encode(catalogue)
totals = {}
for request in range(60):
    feats = rng.standard_normal((10000, DIM_IN))
    clicked = rng.integers(0, 2000, size=10000)
    u = users.encode(feats)
    scores = u[:300] @ item_vecs.T
    for k, r in recall_at(scores, clicked[:300]).items():
        totals[k] = totals.get(k, 0.0) + r
    totals["norm"] = totals.get("norm", 0.0) + float(np.abs(u).sum())
print({k: round(v / 60, 4) for k, v in totals.items()})
print(f"result: {sum(totals.values()):.10e}")
