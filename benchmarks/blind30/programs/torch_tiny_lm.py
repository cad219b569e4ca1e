# ruff: noqa
"""Trains a one-layer causal transformer language model on synthetic token streams produced by
a random second-order Markov source, then reports the held-out cross-entropy against the
source's entropy rate."""
import math

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
VOCAB, CTX, DIM = 24, 256, 32


def causal_mask(n):
    return torch.tensor([[j > i for j in range(n)] for i in range(n)])


class Block(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)
        self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))
        self.ln1, self.ln2 = nn.LayerNorm(dim), nn.LayerNorm(dim)

    def attend(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.ln1(x)).view(b, t, 3, self.heads, d // self.heads).unbind(2)
        q, k, v = (z.transpose(1, 2) for z in (q, k, v))
        scores = q @ k.transpose(-1, -2) / math.sqrt(d // self.heads)
        scores = scores.masked_fill(causal_mask(t), float("-inf"))
        return self.out((scores.softmax(-1) @ v).transpose(1, 2).reshape(b, t, d))

    def forward(self, x):
        x = x + self.attend(x)
        return x + self.ff(self.ln2(x))


class TinyLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(VOCAB, DIM)
        self.pos = nn.Embedding(CTX, DIM)
        self.block = Block(DIM, heads=4)
        self.head = nn.Linear(DIM, VOCAB)

    def forward(self, idx):
        pos = torch.arange(idx.shape[1], device=idx.device)
        return self.head(self.block(self.tok(idx) + self.pos(pos)))


def markov_source(gen):
    logits = 2.5 * torch.randn(VOCAB, VOCAB, VOCAB, generator=gen)
    return logits.softmax(-1)


def sample(probs, n_seq, gen):
    seq = torch.zeros(n_seq, CTX + 1, dtype=torch.long)
    seq[:, :2] = torch.randint(0, VOCAB, (n_seq, 2), generator=gen)
    for t in range(2, CTX + 1):
        p = probs[seq[:, t - 2], seq[:, t - 1]]
        seq[:, t] = torch.multinomial(p, 1, generator=gen).squeeze(1)
    return seq


gen = torch.Generator().manual_seed(4)
probs = markov_source(gen)
data = sample(probs, 512, gen)
held = sample(probs, 128, gen)
model = TinyLM()
opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
for step in range(100):
    batch = data[torch.randint(0, len(data), (2,), generator=gen)]
    logits = model(batch[:, :-1])
    loss = F.cross_entropy(logits.reshape(-1, VOCAB), batch[:, 1:].reshape(-1))
    opt.zero_grad()
    loss.backward()
    opt.step()
with torch.no_grad():
    held_loss = F.cross_entropy(model(held[:, :-1]).reshape(-1, VOCAB), held[:, 1:].reshape(-1)).item()
entropy = float(-(probs * probs.clamp_min(1e-12).log()).sum(-1).mean())
print(f"held-out loss {held_loss:.4f} nats, source entropy ~{entropy:.4f}")
print(f"result: {held_loss:.6e}")
