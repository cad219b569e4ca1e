# ruff: noqa
"""Streaming topic classifier for short news items: hashed term counts arrive in batches, each
batch goes through a feature pipeline (sublinear tf, idf, l2 normalisation) and a nearest-centroid
classifier whose centroids are updated online; prints the running accuracy."""
import numpy as np

VOCAB = 128
TOPICS = ["politics", "sport", "finance", "science", "culture", "weather", "health", "tech"]


def make_corpus(rng, n_docs):
    topic_words = rng.dirichlet(np.full(VOCAB, 0.05), size=len(TOPICS))
    labels = rng.integers(0, len(TOPICS), n_docs)
    lengths = rng.integers(20, 80, n_docs)
    counts = np.zeros((n_docs, VOCAB), dtype=np.int32)
    background = np.full(VOCAB, 1.0 / VOCAB)
    for t in range(len(TOPICS)):
        rows = np.flatnonzero(labels == t)
        p = 0.3 * topic_words[t] + 0.7 * background
        counts[rows] = rng.multinomial(lengths[rows], p)
    return counts, labels


def tf_idf_row(row, idf):
    tf = np.log1p(row.astype(np.float64))
    w = tf * idf
    norm = np.sqrt(w @ w)
    return w / norm if norm > 0 else w


class Pipeline:
    def __init__(self, idf):
        self.idf = idf
        self.steps = [self.transform]

    def transform(self, counts):
        w = np.log1p(counts.astype(np.float64)) * self.idf
        norm = np.sqrt(np.einsum('ij,ij->i', w, w))[:, None]
        return np.divide(w, norm, out=w.copy(), where=norm > 0)

    def __call__(self, counts):
        x = counts
        for step in self.steps:
            x = step(x)
        return x


class NearestCentroid:
    def __init__(self, n_classes, dim):
        self.sums = np.zeros((n_classes, dim))
        self.n = np.zeros(n_classes)

    def predict(self, x):
        c = self.sums / np.maximum(self.n, 1.0)[:, None]
        c /= np.maximum(np.linalg.norm(c, axis=1), 1e-12)[:, None]
        return np.argmax(x @ c.T, axis=1)

    def update(self, x, y):
        np.add.at(self.sums, y, x)
        self.n += np.bincount(y, minlength=len(self.n))


rng = np.random.default_rng(3)
counts, labels = make_corpus(rng, 200000)
df = np.count_nonzero(counts[:6000], axis=0)
idf = np.log((1 + 6000) / (1 + df)) + 1.0
pipe = Pipeline(idf)
clf = NearestCentroid(len(TOPICS), VOCAB)
short = np.vectorize(lambda name: name[:3].upper())(np.array(TOPICS))
correct = 0
seen = 0
for start in range(0, len(labels), 500):
    x = pipe(counts[start:start + 500])
    y = labels[start:start + 500]
    if seen:
        correct += int((clf.predict(x) == y).sum())
    clf.update(x, y)
    seen += len(y)
acc = correct / (seen - 500)
print("topics:", " ".join(short), f"accuracy {acc:.4f}")
print(f"result: {acc + clf.sums.sum():.10e}")
