# ruff: noqa
"""Item-to-item recommendations from a catalogue of item embeddings: for each incoming query item
it scores the whole catalogue by cosine similarity, drops items already seen and keeps the top
ten; prints a checksum of the recommended ids and scores."""
import numpy as np


class Catalogue:
    def __init__(self, n_items, dim, rng):
        emb = rng.standard_normal((n_items, dim))
        self.items = emb / np.linalg.norm(emb, axis=1, keepdims=True)
        self.popularity = rng.uniform(0.0, 1.0, n_items)

    def scores(self, query):
        table = np.array(self.items)
        return table @ query


class Recommender:
    def __init__(self, catalogue, k=10):
        self.catalogue = catalogue
        self.k = k

    def recommend(self, query_id, seen):
        q = self.catalogue.items[query_id].copy()
        q *= 1.0 + 0.05 * self.catalogue.popularity[query_id]
        s = self.catalogue.scores(q)
        s[seen] = -np.inf
        top = np.argpartition(-s, self.k)[: self.k]
        top = top[np.argsort(-s[top])]
        return top, s[top]


rng = np.random.default_rng(5)
cat = Catalogue(60000, 32, rng)
rec = Recommender(cat)
queries = rng.integers(0, 60000, size=2400)
history = rng.integers(0, 60000, size=(2400, 20))
results = list(map(lambda a: rec.recommend(a[0], a[1]), zip(queries, history)))
checksum = 0.0
for top, s in results:
    checksum += float(top.sum() % 997) + float(s.sum())
print("result:", f"{checksum:.10e}")
