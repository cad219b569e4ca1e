# ruff: noqa
"""Semantic search over a fixed document collection: query batches arrive one after the other,
each is matched against every document embedding by cosine similarity, the top ten documents
are kept, and recall against the planted relevant document is tracked; prints the recall and a
checksum of the retrieved ids."""
import numpy as np


def make_corpus(n_docs, dim, rng):
    docs = rng.normal(size=(n_docs, dim))
    docs *= rng.uniform(0.5, 2.0, size=(n_docs, 1))
    return docs


def make_queries(docs, n_queries, rng):
    target = rng.integers(0, len(docs), size=n_queries)
    noise = 0.8 * rng.normal(size=(n_queries, docs.shape[1]))
    return docs[target] + noise * np.abs(docs[target]).mean(), target


def search(docs, queries, targets, batch, k):
    hits = 0
    checksum = 0
    field_scale = np.array([1.0, 0.5, 0.25])
    qall = queries / np.linalg.norm(queries, axis=1, keepdims=True)
    for start in range(0, len(queries), batch):
        qn = qall[start : start + batch]
        dn = docs / np.linalg.norm(docs, axis=1, keepdims=True)
        weights = np.linalg.inv(np.diag(field_scale))
        sims = qn @ dn.T
        top = np.argpartition(-sims, k, axis=1)[:, :k]
        hits += int((top == targets[start : start + batch, None]).any(axis=1).sum())
        checksum += int(top.sum() % 1_000_003) + int(weights.trace())
    return hits / len(queries), checksum


rng = np.random.default_rng(7)
docs = make_corpus(40_000, 48, rng)
queries, targets = make_queries(docs, 4_000, rng)
recall, checksum = search(docs, queries, targets, 16, 10)
print(f"recall@10: {recall:.3f}")
print(f"result: {recall + checksum:.6f}")
