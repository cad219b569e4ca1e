# ruff: noqa
"""Headline encoder for a news recommender: a bag-of-embeddings model trained briefly to predict
each headline's section, then used to embed a day's headlines for the nearest-neighbour index."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class HeadlineEncoder(nn.Module):
    def __init__(self, vocab, dim=64, n_sections=12):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.proj = nn.Sequential(nn.Linear(dim, 128), nn.ReLU(), nn.Linear(128, dim))
        self.head = nn.Linear(dim, n_sections)

    def forward(self, tokens):
        return nn.functional.normalize(self.proj(self.embed(tokens)), dim=-1)


def make_headlines(n, vocab, length, gen):
    tokens = torch.randint(0, vocab, (n, length), generator=gen)
    sections = tokens[:, 0] % 12
    return tokens, sections


def train(model, tokens, sections, steps, batch):
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for step in range(steps):
        idx = torch.randint(0, tokens.shape[0], (batch,))
        logits = model.head(model(tokens[idx].to(device)))
        loss = nn.functional.cross_entropy(logits, sections[idx].to(device))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: loss {loss.item():.4f}")


torch.manual_seed(0)
gen = torch.Generator().manual_seed(1)
vocab = 20000
tokens, sections = make_headlines(30000, vocab, 16, gen)
model = HeadlineEncoder(vocab).to(device)
train(model, tokens, sections, steps=25, batch=256)
model.eval()
todays = tokens[:30000].to(device)
with torch.no_grad():
    index = torch.cat(list(map(lambda t: model(t.unsqueeze(0)), todays)))
sim = index @ index[:50].T
print(f"result: {float(sim.abs().sum()):.10e}")
