# ruff: noqa
"""Probability-of-default model for a consumer-loan book: a small MLP is trained on
synthetic borrower features (income, debt-to-income, utilisation, delinquencies, tenure...) with
class-weighted BCE, and an evaluation hook scores the hold-out book after each epoch for AUC and
expected loss."""
import torch
import torch.nn as nn

torch.manual_seed(0)


def make_book(n, d, gen):
    X = torch.randn(n, d, generator=gen)
    w = torch.linspace(-1.0, 1.5, d)
    logit = X @ w * 0.6 - 2.0 + 0.5 * X[:, 0] * X[:, 1]
    y = (torch.rand(n, generator=gen) < torch.sigmoid(logit)).float()
    ead = torch.rand(n, generator=gen) * 20_000 + 1_000
    return X, y, ead


class PDModel(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, 64), nn.ReLU(), nn.Linear(64, 32), nn.ReLU(), nn.Linear(32, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


def auc(scores, y):
    order = torch.argsort(scores)
    ranks = torch.empty_like(scores)
    ranks[order] = torch.arange(1, len(scores) + 1, dtype=scores.dtype)
    pos = y.sum()
    return ((ranks[y == 1].sum() - pos * (pos + 1) / 2) / (pos * (len(y) - pos))).item()


def evaluation_hook(X, y, ead, lgd=0.45):
    def hook(model, epoch, log):
        model.eval()
        with torch.no_grad():
            pd = torch.sigmoid(model(X))
        model.train()
        log.append((epoch, auc(pd, y), (pd * ead * lgd).sum().item()))
    return hook


class Trainer:
    def __init__(self, model, lr, pos_weight, hooks=()):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.loss = nn.BCEWithLogitsLoss(pos_weight=torch.tensor(pos_weight))
        self.hooks = list(hooks)
        self.log = []

    def fit(self, X, y, epochs, batch):
        for epoch in range(epochs):
            perm = torch.randperm(len(X))
            total = 0.0
            for i in range(0, len(X), batch):
                idx = perm[i:i + batch]
                self.opt.zero_grad()
                loss = self.loss(self.model(X[idx]), y[idx])
                loss.backward()
                self.opt.step()
                total += loss.detach()
            print(f"epoch {epoch}: loss {total.item() / (len(X) // batch):.4f}")
            for h in self.hooks:
                h(self.model, epoch, self.log)


gen = torch.Generator().manual_seed(2)
X, y, _ = make_book(30_000, 12, gen)
Xv, yv, eadv = make_book(7_000, 12, gen)
trainer = Trainer(PDModel(12), 2e-3, pos_weight=3.0, hooks=[evaluation_hook(Xv, yv, eadv)])
trainer.fit(X, y, epochs=6, batch=256)
for epoch, a, el in trainer.log:
    print(f"epoch {epoch}: AUC {a:.4f}, expected loss {el:,.0f}")
print(f"result: {sum(a + el / 1e6 for _, a, el in trainer.log):.10e}")
