# ruff: noqa
"""TF-IDF retrieval on a synthetic corpus: documents and queries are drawn as Zipf-distributed
token ids around per-topic vocabularies, weighted by inverse document frequency and
L2-normalised; every query is scored against every document and the mean reciprocal rank of
each query's source document is reported."""
import numpy as np


def bag_of_words(token_lists, vocab):
    counts = np.zeros((len(token_lists), vocab))
    for i, toks in enumerate(token_lists):
        np.add.at(counts[i], toks, 1.0)
    return counts


class Index:
    def __init__(self, counts):
        n_docs = counts.shape[0]
        df = (counts > 0).sum(axis=0)
        self.idf = np.log((1 + n_docs) / (1 + df)) + 1.0
        X = counts * self.idf
        self.X = X / np.linalg.norm(X, axis=1, keepdims=True)

    def embed(self, counts):
        q = counts * self.idf
        return q / max(np.linalg.norm(q), 1e-12)

    def score(self, q):
        return np.fromiter(map(lambda row: row @ q, self.X), dtype=np.float64, count=len(self.X))


def corpus(n_docs, vocab, n_topics, rng):
    topic_words = [rng.choice(vocab, size=60, replace=False) for _ in range(n_topics)]
    topics = rng.integers(0, n_topics, size=n_docs)
    docs = []
    for t in topics:
        length = rng.integers(40, 160)
        common = np.minimum(rng.zipf(1.3, size=length), vocab) - 1
        own = rng.choice(topic_words[t], size=length // 3)
        docs.append(np.concatenate([common, own]))
    return docs


rng = np.random.default_rng(21)
VOCAB = 400
docs = corpus(6000, VOCAB, 40, rng)
index = Index(bag_of_words(docs, VOCAB))
targets = rng.choice(len(docs), size=500, replace=False)
ranks = np.array([], dtype=np.int64)
top_scores = 0.0
for d in targets:
    sample = rng.choice(docs[d], size=12)
    q = index.embed(bag_of_words([sample], VOCAB)[0])
    scores = index.score(q)
    rank = int((scores > scores[d]).sum()) + 1
    ranks = np.append(ranks, rank)
    top_scores += scores.max()
mrr = float(np.mean(1.0 / ranks))
print(f"{len(targets)} queries over {len(docs)} documents: MRR {mrr:.4f}, median rank {np.median(ranks):.0f}")
print(f"result: {mrr + top_scores:.10e}")
