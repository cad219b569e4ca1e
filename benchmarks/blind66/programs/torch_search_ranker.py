# ruff: noqa
"""Learning-to-rank for e-commerce search: a small MLP ranker is trained on (query, product)
features with a pairwise logistic loss, then evaluated query by query with NDCG@10 on held-out
candidate lists."""
import math

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_FEAT = 24


class Ranker(nn.Module):
    def __init__(self, width=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(N_FEAT, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU(), nn.Linear(width, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


class QueryDataset:
    def __init__(self, n_queries, n_cand, gen):
        self.w = torch.randn(N_FEAT, generator=gen)
        self.feats = torch.randn(n_queries, n_cand, N_FEAT, generator=gen)
        rel = self.feats @ self.w + 0.5 * torch.randn(n_queries, n_cand, generator=gen)
        self.labels = torch.bucketize(rel, torch.tensor([-1.0, 1.0, 2.5]))

    def __len__(self):
        return len(self.feats)

    def __getitem__(self, i):
        return self.feats[i], self.labels[i]


def dcg(labels):
    gains = (2.0 ** labels.double() - 1.0)
    disc = torch.log2(torch.arange(2, len(labels) + 2, dtype=torch.float64))
    return float((gains / disc).sum())


def ndcg_at(scores, labels, k=10):
    order = torch.argsort(scores, descending=True)[:k]
    ideal = dcg(torch.sort(labels, descending=True).values[:k])
    return dcg(labels[order]) / ideal if ideal > 0 else 0.0


class Trainer:
    def __init__(self, model, lr=3e-3):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)

    def fit(self, data, epochs, hooks=()):
        for epoch in range(epochs):
            for i in range(len(data)):
                x, y = data[i]
                s = self.model(x.to(device))
                diff = s[:, None] - s[None, :]
                target = (y[:, None] > y[None, :]).float().to(device)
                mask = (y[:, None] != y[None, :]).float().to(device)
                loss = (nn.functional.binary_cross_entropy_with_logits(diff, target, reduction="none") * mask).sum() / mask.sum()
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            for hook in hooks:
                hook(epoch, loss)


class Evaluator:
    def __init__(self, model):
        self.model = model

    @torch.no_grad()
    def score_candidates(self, feats):
        return torch.stack([self.model(f) for f in feats])

    def __call__(self, data):
        total = 0.0
        for i in range(len(data)):
            x, y = data[i]
            scores = self.score_candidates(x.to(device)).cpu()
            total += ndcg_at(scores, y)
        return total / len(data)


gen = torch.Generator().manual_seed(4)
torch.manual_seed(4)
train = QueryDataset(100, 60, gen)
test = QueryDataset(300, 150, gen)
model = Ranker().to(device)
log = []
Trainer(model).fit(train, epochs=2, hooks=[lambda e, l: log.append(l.item())])
ndcg = Evaluator(model)(test)
print(f"train loss {log[-1]:.4f}, test NDCG@10 {ndcg:.4f}")
print(f"result: {ndcg + sum(log):.10e}")
