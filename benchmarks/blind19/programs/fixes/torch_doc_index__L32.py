# ruff: noqa
"""Builds a small semantic index: a bag-of-features encoder maps each document's feature
vector to a normalised embedding, the embeddings are stored by document id, and a handful of
probe queries are answered by cosine similarity. Prints the best match of each probe."""

import torch
import torch.nn as nn

FEATURES, EMBED = 128, 48


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(FEATURES, 96), nn.GELU(), nn.Linear(96, EMBED))

    def forward(self, x):
        z = self.body(x)
        return z / z.norm(dim=-1, keepdim=True)


def build_index(encoder, doc_ids, feats):
    with torch.no_grad():
        index = {doc: encoder(vec[None])[0] for doc, vec in zip(doc_ids, feats)}
    return index


def answer(encoder, index, probes):
    ids = list(index)
    table = torch.stack([index[d] for d in ids])
    with torch.no_grad():
        q = dict(zip(probes, encoder(torch.stack(list(probes.values())))))
    return {name: ids[int((table @ v).argmax())] for name, v in q.items()}


torch.manual_seed(2)
encoder = Encoder().eval()
n_docs = 32000
topics = torch.randn(12, FEATURES)
doc_topic = torch.randint(0, 12, (n_docs,))
feats = topics[doc_topic] + 0.5 * torch.randn(n_docs, FEATURES)
doc_ids = [f"doc-{i:06d}" for i in range(n_docs)]
index = build_index(encoder, doc_ids, feats)
probes = {f"probe-{t}": topics[t] for t in (0, 3, 7, 11)}
best = answer(encoder, index, probes)
for name, doc in best.items():
    print(f"{name}: {doc}")
checksum = sum(float(index[d].sum()) for d in doc_ids[::500])
print(f"result: {checksum + sum(int(d[4:]) for d in best.values()):.10e}")
