# ruff: noqa
"""Promoter classifier from k-mer spectra: synthetic DNA sequences (some carrying a TATA-like
motif) are turned into 6-mer count vectors, re-weighted by a background k-mer prior, and a small
MLP is trained to tell promoters from background, then evaluated by accuracy."""
import itertools
import random

import torch
import torch.nn as nn

K = 6
random.seed(3)
BACKGROUND = {"".join(k): 0.5 + random.random() for k in itertools.product("ACGT", repeat=K)}


class KmerTokenizer:
    def __init__(self, background):
        self.kmers = sorted(background)
        self.prior_values = [1.0 / background[k] for k in self.kmers]
        self._prior = torch.tensor(self.prior_values)

    @property
    def kmer_prior(self):
        return self._prior

    def counts(self, seq):
        codes = sum(seq[j: seq.numel() - K + 1 + j] * 4 ** (K - 1 - j) for j in range(K))
        return torch.bincount(codes, minlength=4 ** K).float()


class PromoterDataset:
    def __init__(self, n, length, tokenizer, gen):
        self.seqs = torch.randint(0, 4, (n, length), generator=gen)
        self.labels = (torch.rand(n, generator=gen) < 0.5).tolist()
        motif = torch.tensor([3, 0, 3, 0, 0, 0])
        for i, lab in enumerate(self.labels):
            if lab:
                for pos in (40, 90, 150):
                    self.seqs[i, pos:pos + 6] = motif
        self.tok = tokenizer

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        x = self.tok.counts(self.seqs[i]) * self.tok.kmer_prior
        return x / x.sum(), torch.tensor(float(self.labels[i]))


def batches(ds, size, order):
    for start in range(0, len(order), size):
        items = [ds[i] for i in order[start:start + size]]
        yield torch.stack([a for a, _ in items]), torch.stack([b for _, b in items])


torch.manual_seed(0)
gen = torch.Generator().manual_seed(0)
tok = KmerTokenizer(BACKGROUND)
train, test = PromoterDataset(1500, 240, tok, gen), PromoterDataset(500, 240, tok, gen)
model = nn.Sequential(nn.Linear(4 ** K, 64), nn.ReLU(), nn.Linear(64, 1))
opt = torch.optim.Adam(model.parameters(), lr=3e-3)
for epoch in range(2):
    order = torch.randperm(len(train), generator=gen).tolist()
    for xb, yb in batches(train, 32, order):
        loss = nn.functional.binary_cross_entropy_with_logits(model(xb * 4096).squeeze(1), yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
with torch.no_grad():
    xt, yt = next(batches(test, len(test), list(range(len(test)))))
    logits = model(xt * 4096).squeeze(1)
    acc = ((logits > 0).float() == yt).float().mean()
print(f"test accuracy {float(acc):.3f}")
print(f"result: {float(acc) + float(logits.abs().mean()):.10e}")
