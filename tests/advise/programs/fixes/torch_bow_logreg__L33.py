# ruff: noqa
"""Trains a tf-idf logistic-regression sentiment classifier on synthetic bag-of-words documents
with mini-batch SGD; prints the final training loss."""
import math
import random

import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


def make_corpus(n_docs, vocab, rnd):
    docs, labels = [], []
    for _ in range(n_docs):
        label = rnd.random() < 0.5
        length = rnd.randint(20, 60)
        lo = 0 if label else vocab // 2
        docs.append([rnd.randrange(lo, lo + vocab // 2) if rnd.random() < 0.3 else rnd.randrange(vocab) for _ in range(length)])
        labels.append(float(label))
    return docs, labels


def inverse_doc_freq(docs, vocab):
    df = [0] * vocab
    for doc in docs:
        for tok in set(doc):
            df[tok] += 1
    return [math.log((1 + len(docs)) / (1 + c)) + 1.0 for c in df]


def bow_batch(docs, vocab):
    rows = [r for r, doc in enumerate(docs) for _ in doc]
    cols = [tok for doc in docs for tok in doc]
    flat = torch.tensor(rows, device=device) * vocab + torch.tensor(cols, device=device)
    counts = torch.zeros(len(docs) * vocab, device=device)
    counts.index_add_(0, flat, torch.ones(len(cols), device=device))
    return counts.view(len(docs), vocab)


def train(docs, labels, idf, vocab, steps, batch, rnd):
    w = torch.zeros(vocab, device=device, requires_grad=True)
    b = torch.zeros((), device=device, requires_grad=True)
    opt = torch.optim.SGD([w, b], lr=0.5)
    y_all = torch.tensor(labels, device=device)
    for step in range(steps):
        idx = rnd.sample(range(len(docs)), batch)
        x = bow_batch([docs[i] for i in idx], vocab)
        idf_t = torch.tensor(idf).to(device)
        x = x * idf_t
        x = x / x.norm(dim=1, keepdim=True)
        loss = torch.nn.functional.binary_cross_entropy_with_logits(x @ w + b, y_all[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 300 == 0:
            print(f"step {step}: loss {loss.item():.4f}")
    return w, b, loss


torch.manual_seed(0)
rnd = random.Random(0)
VOCAB = 5000
docs, labels = make_corpus(4000, VOCAB, rnd)
idf = inverse_doc_freq(docs, VOCAB)
w, b, loss = train(docs, labels, idf, VOCAB, 1200, 64, rnd)
print(f"result: {float(loss.detach()) + float(w.detach().abs().sum()):.10e}")
