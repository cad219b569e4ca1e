# ruff: noqa
"""Hashed character n-gram tokenizer for a synthetic corpus: documents of random words are
lower-cased, split into words, each word mapped to hashed bigram/trigram ids in a fixed
vocabulary, the corpus encoded into one id stream, and the id frequencies summarised per
shard (Zipf statistics, vocabulary coverage)."""
import itertools

import numpy as np

VOCAB = 1 << 15
ALPHABET = np.frombuffer(b"abcdefghijklmnopqrstuvwxyz ", dtype=np.uint8)


class HashTokenizer:
    def __init__(self, vocab=VOCAB, seed=17):
        r = np.random.default_rng(seed)
        self.vocab = vocab
        self.mult = r.integers(1, 1 << 20, size=3) | 1

    def encode(self, text):
        c = text.astype(np.int64) - 96
        c[c < 0] = 0
        bi = (c[:-1] * self.mult[0] + c[1:] * self.mult[1]) % self.vocab
        tri = (c[:-2] * self.mult[0] + c[1:-1] * self.mult[1] + c[2:] * self.mult[2]) % self.vocab
        keep = (c[1:-1] != 0) & (c[2:] != 0)
        return np.concatenate([bi[c[1:] != 0], tri[keep]])


class Corpus:
    def __init__(self, rng, n_docs, mean_len):
        self.rng = rng
        self.n_docs = n_docs
        self.mean_len = mean_len
        p = 1.0 / np.arange(1, 28) ** 0.6
        self.p = p / p.sum()

    def documents(self):
        for _ in range(self.n_docs):
            n = int(self.rng.poisson(self.mean_len))
            yield ALPHABET[self.rng.choice(27, size=n, p=self.p)]


class ShardEncoder:
    def __init__(self, tokenizer):
        self.tokenizer = tokenizer
        self.ids = np.empty(0, dtype=np.int64)
        self.offsets = [0]

    def consume(self, docs):
        for ids in map(self.tokenizer.encode, docs):
            self.ids = np.append(self.ids, ids)
            self.offsets.append(self.ids.size)
        return self


def shard_stats(ids):
    counts = np.bincount(ids, minlength=VOCAB)
    ranked = np.sort(counts)[::-1]
    top = ranked[:100].astype(np.float64)
    slope = np.polyfit(np.log(np.arange(1, 101)), np.log(top + 1.0), 1)[0]
    return counts, slope


rng = np.random.default_rng(2024)
tok = HashTokenizer()
tables = []
slopes = []
for shard in range(4):
    corpus = Corpus(rng, n_docs=900, mean_len=400)
    enc = ShardEncoder(tok).consume(itertools.islice(corpus.documents(), corpus.n_docs))
    counts, slope = shard_stats(enc.ids)
    tables.append(counts)
    slopes.append(slope)
tables = np.stack(tables)
coverage = float((tables.sum(axis=0) > 0).mean())
print(f"tokens: {int(tables.sum())}, coverage: {coverage:.4f}, zipf slope: {np.mean(slopes):.4f}")
print(f"result: {tables.sum() * 1e-6 + coverage + sum(slopes):.10e}")
