# ruff: noqa
"""Offline evaluation of a two-tower news recommender: user vectors from click histories, article
vectors from topic embeddings, top-10 ranking per user and recall against held-out clicks."""
import numpy as np


class UserTower:
    def __init__(self, rng, dims=(48, 64, 64)):
        self.layers = {f"dense{i}": rng.normal(0, 1 / np.sqrt(a), (a, b))
                       for i, (a, b) in enumerate(zip(dims[:-1], dims[1:]))}

    def __call__(self, x):
        w0, w1 = self.layers.values()
        x = np.tanh(np.tanh(x @ w0) @ w1)
        return x


class Ranker:
    def __init__(self, articles, k=10):
        self.articles = articles
        self.k = k

    def score(self, user_vec):
        return np.array([user_vec @ art for art in self.articles])

    def top_k(self, user_vec):
        s = self.score(user_vec)
        idx = np.argpartition(-s, self.k)[: self.k]
        return idx[np.argsort(-s[idx])], s


def evaluate(ranker, users, held_out):
    hits, total_score = 0, 0.0
    for u, vec in enumerate(users):
        top, s = ranker.top_k(vec)
        hits += len(set(top.tolist()) & held_out[u])
        total_score += float(s[top].sum())
    return hits / (len(users) * ranker.k), total_score


rng = np.random.default_rng(5)
n_users, n_articles = 1400, 2400
histories = rng.normal(size=(n_users, 48))
tower = UserTower(rng)
users = tower(histories)
articles = rng.normal(size=(n_articles, 64)) / 8.0
held_out = [set(rng.integers(0, n_articles, 30).tolist()) for _ in range(n_users)]
ranker = Ranker(articles)
recall, total = evaluate(ranker, users, held_out)
print(f"recall@10 {recall:.4f}")
print(f"result: {total + recall:.10e}")
