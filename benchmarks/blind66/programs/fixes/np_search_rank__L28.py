# ruff: noqa
"""Product search for an e-commerce catalogue: queries are embedded, every product is scored by
cosine similarity, a popularity prior is blended in and the top ten are reranked; prints the
mean reciprocal rank of the clicked product."""
from functools import partial

import numpy as np

DIM = 64


class Catalogue:
    def __init__(self, rng, n_products):
        emb = rng.standard_normal((n_products, DIM))
        self.embeddings = emb / np.linalg.norm(emb, axis=1, keepdims=True)
        self.popularity = np.log1p(rng.pareto(2.0, n_products))


def cosine_scores(query, embeddings):
    return np.fromiter(map(query.dot, embeddings), dtype=np.float64, count=len(embeddings))


def blend(scores, prior, alpha):
    return (1 - alpha) * scores + alpha * prior / prior.max()


def search(catalogue, query, scorer, k=10):
    q = query / np.linalg.norm(query)
    s = blend(scorer(q, catalogue.embeddings), catalogue.popularity, 0.1)
    top = np.argpartition(-s, k)[:k]
    return sorted(top, key=lambda i: -s[i]), s


rng = np.random.default_rng(5)
cat = Catalogue(rng, 30_000)
scorer = partial(cosine_scores)
n_queries = 300
clicked = rng.integers(0, len(cat.embeddings), n_queries)
rr = 0.0
best = 0.0
for qi in range(n_queries):
    query = cat.embeddings[clicked[qi]] + 0.15 * rng.standard_normal(DIM)
    ranked, s = search(cat, query, scorer)
    if clicked[qi] in ranked:
        rr += 1.0 / (1 + ranked.index(clicked[qi]))
    best += s[ranked[0]]
print(f"MRR@10 {rr / n_queries:.4f}")
print(f"result: {rr + best:.10e}")
