# ruff: noqa
"""A small in-memory vector store for semantic search: documents are embedded by a fixed random
projection, normalised and stored; batches of queries retrieve their top-10 neighbours, and the
recall against the known duplicates is reported."""
import torch
import torch.nn.functional as F


class VectorStore:
    def __init__(self, dim):
        self._vectors = torch.empty(0, dim)
        self.ids = []

    def add(self, ids, vectors):
        self._vectors = torch.cat([self._vectors, F.normalize(vectors, dim=1)])
        self.ids.extend(ids)

    @property
    def vectors(self):
        return self._vectors.clone()

    def search(self, queries, k=10):
        k = min(k, len(self.vectors))
        scores = queries @ self.vectors.T
        return scores.topk(k, dim=1)


def embed(tokens, proj):
    return torch.tanh(tokens @ proj)


gen = torch.Generator().manual_seed(4)
n_docs, vocab, dim = 150000, 96, 48
proj = torch.randn(vocab, dim, generator=gen) / vocab ** 0.5
store = VectorStore(dim)
for start in range(0, n_docs, 50000):
    tokens = torch.rand(50000, vocab, generator=gen)
    store.add(list(range(start, start + 50000)), embed(tokens, proj))
hits = 0
total = 0.0
for b in range(200):
    target = torch.randint(0, n_docs, (8,), generator=gen)
    q = store._vectors[target]
    q = q + 0.01 * torch.randn(q.shape, generator=gen)
    q = F.normalize(q, dim=1)
    vals, idx = store.search(q)
    hits += int((idx == target[:, None]).any(1).sum())
    total += float(vals[:, 0].sum())
print(f"recall@10 {hits / (200 * 8):.4f}")
print(f"result: {hits + total:.10e}")
