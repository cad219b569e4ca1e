# ruff: noqa
"""Keyword extraction for a stream of short news items: Zipf-distributed token ids, bag-of-words
counts per batch, sublinear tf-idf weighting with L2-normalised rows, and the top keywords of each
batch against a running document frequency."""
import math

import numpy as np


def sublinear_tf(count):
    if count > 0:
        return 1.0 + math.log(count)
    return 0.0


class TfidfVectorizer:
    def __init__(self, vocab_size):
        self.vocab_size = vocab_size
        self.df = np.zeros(vocab_size)
        self.n_docs = 0
        self.tf = np.vectorize(sublinear_tf, otypes=[float])

    def counts(self, docs):
        out = np.zeros((len(docs), self.vocab_size))
        for i, doc in enumerate(docs):
            out[i] = np.bincount(doc, minlength=self.vocab_size)
        return out

    def partial_fit_transform(self, docs):
        c = self.counts(docs)
        self.df += (c > 0).sum(axis=0)
        self.n_docs += len(docs)
        idf = np.log((1.0 + self.n_docs) / (1.0 + self.df)) + 1.0
        w = np.where(c > 0, 1.0 + np.log(np.maximum(c, 1.0)), 0.0) * idf
        return w / np.maximum(np.linalg.norm(w, axis=1, keepdims=True), 1e-12)


def news_stream(rng, n_batches, batch_size, vocab_size):
    ranks = np.arange(1, vocab_size + 1)
    p = 1.0 / ranks ** 1.1
    p /= p.sum()
    for _ in range(n_batches):
        lengths = rng.integers(20, 80, size=batch_size)
        yield [rng.choice(vocab_size, size=n, p=p) for n in lengths]


rng = np.random.default_rng(5)
vec = TfidfVectorizer(4000)
keywords = np.array([], dtype=np.int64)
score = 0.0
for docs in news_stream(rng, 60, 96, 4000):
    w = vec.partial_fit_transform(docs)
    top = np.argsort(w.sum(axis=0))[-5:]
    keywords = np.append(keywords, top)
    score += float(w.max(axis=1).sum())
print("distinct keywords:", len(set(keywords.tolist())))
print(f"result: {score + keywords.sum():.10e}")
