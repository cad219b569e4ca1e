# ruff: noqa
"""Promotion-uplift model for a grocery chain: a small MLP is trained on synthetic store/week
features (price cut, display, holiday, seasonality, store size) to predict log unit sales, then
evaluated on a hold-out set of store-weeks with per-category error reporting."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_FEAT = 12


def make_data(n, gen):
    x = torch.randn(n, N_FEAT, generator=gen)
    w = torch.linspace(-1.0, 1.0, N_FEAT)
    y = torch.tanh(x @ w) + 0.3 * x[:, 0] * x[:, 1] + 0.05 * torch.randn(n, generator=gen)
    cat = (x[:, 2] > 0).long() + 2 * (x[:, 3] > 0).long()
    return x, y.unsqueeze(1), cat


class UpliftModel(nn.Module):
    def __init__(self, width=64):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(N_FEAT, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU())
        self.head = nn.Linear(width, 1)

    def forward(self, x):
        return self.head(self.body(x))


class Trainer:
    def __init__(self, model, lr, callbacks=()):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.callbacks = list(callbacks)
        self.history = []

    def fit(self, x, y, epochs, batch=256):
        n = x.shape[0]
        for epoch in range(epochs):
            perm = torch.randperm(n, generator=torch.Generator().manual_seed(epoch))
            total = torch.zeros(())
            for i in range(0, n, batch):
                idx = perm[i:i + batch]
                loss = nn.functional.mse_loss(self.model(x[idx]), y[idx])
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                total += loss.detach() * len(idx)
            self.history.append(total.item() / n)
            for cb in self.callbacks:
                cb(self.model)


def holdout_eval(x, y, cat, results):
    def evaluate(model):
        model.eval()
        with torch.no_grad():
            preds = torch.cat([model(row.unsqueeze(0)) for row in x])
        err = (preds - y).squeeze(1)
        for c in range(4):
            results[c] = float(err[cat == c].abs().mean())
        model.train()
    return evaluate


gen = torch.Generator().manual_seed(0)
torch.manual_seed(0)
xtr, ytr, _ = make_data(20000, gen)
xte, yte, cte = make_data(10000, gen)
model = UpliftModel().to(device)
results = {}
trainer = Trainer(model, 3e-3, callbacks=[holdout_eval(xte.to(device), yte.to(device), cte.to(device), results)])
trainer.fit(xtr.to(device), ytr.to(device), epochs=4)
for c, v in results.items():
    print(f"category {c}: MAE {v:.4f}")
print(f"result: {sum(results.values()) + trainer.history[-1]:.10e}")
