# ruff: noqa
"""Offline evaluation of a matrix-factorisation recommender: for each test user a candidate set
of items is scored, ranked, and recall@10 and NDCG@10 are computed against held-out
interactions, for a few embedding checkpoints."""
from functools import partial

import numpy as np


class MFModel:
    def __init__(self, n_users, n_items, dim, rng, scale=0.1):
        self.user = rng.normal(0, scale, size=(n_users, dim))
        self.item = rng.normal(0, scale, size=(n_items, dim))
        self.bias = rng.normal(0, 0.01, size=n_items)

    def score(self, u, candidates):
        uv = self.user[u]
        return np.array([self.item[i] @ uv for i in candidates]) + self.bias[candidates]


def ndcg_at_k(ranked_hits, k):
    gains = ranked_hits[:k] / np.log2(np.arange(2, k + 2))
    ideal = np.sort(ranked_hits)[::-1][:k] / np.log2(np.arange(2, k + 2))
    return gains.sum() / ideal.sum() if ideal.sum() > 0 else 0.0


def evaluate(model, test, k=10):
    recalls, ndcgs = [], []
    for u, (candidates, positives) in test.items():
        scores = model.score(u, candidates)
        order = np.argsort(-scores, kind="stable")
        hits = np.isin(candidates[order], positives).astype(float)
        recalls.append(hits[:k].sum() / len(positives))
        ndcgs.append(ndcg_at_k(hits, k))
    return float(np.mean(recalls)), float(np.mean(ndcgs))


def make_test(n_users, n_items, n_cand, rng):
    test = {}
    for u in range(n_users):
        cand = rng.choice(n_items, size=n_cand, replace=False)
        test[u] = (cand, cand[rng.random(n_cand) < 0.05])
    return test


rng = np.random.default_rng(17)
model = MFModel(3500, 20000, 32, rng)
test = make_test(3500, 20000, 200, rng)
history = []
perturb = partial(rng.normal, 0.0, 0.02)
for checkpoint in range(4):
    recall, ndcg = evaluate(model, test)
    history.append([recall, ndcg])
    model.user += perturb(size=model.user.shape)
history = np.array(history)
print("recall@10 / ndcg@10 per checkpoint:", np.round(history, 4).tolist())
print(f"result: {history.sum():.10e}")
