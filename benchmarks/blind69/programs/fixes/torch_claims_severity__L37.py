# ruff: noqa
"""Claim severity model for a motor insurance book: a small MLP on policy features predicts log
claim cost, trained with a Trainer that runs callbacks after each epoch; the validation callback
tracks the gamma deviance and the mean absolute error of the predicted cost."""
import numpy as np
import torch
from torch import nn

torch.manual_seed(0)
device = "cuda" if torch.cuda.is_available() else "cpu"


def make_book(rng, n, d=14):
    X = rng.normal(0.0, 1.0, (n, d)).astype(np.float32)
    w = rng.normal(0.0, 0.3, d)
    log_cost = 7.5 + X @ w + 0.2 * np.tanh(X[:, 0] * X[:, 1]) + rng.normal(0.0, 0.3, n)
    return torch.from_numpy(X), torch.from_numpy(log_cost.astype(np.float32))


class SeverityNet(nn.Module):
    def __init__(self, d, h=64):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d, h), nn.ReLU(), nn.Linear(h, h), nn.ReLU(), nn.Linear(h, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1) + 7.5


class ValidationCallback:
    def __init__(self, X, y):
        self.X, self.y = X.to(device), y.to(device)
        self.history = []

    def __call__(self, model, epoch):
        model.eval()
        with torch.no_grad():
            preds = model(self.X)
            mae = (preds.exp() - self.y.exp()).abs().mean()
            dev = (2 * (preds - self.y + torch.exp(self.y - preds) - 1)).mean()
        self.history.append((epoch, mae, dev))
        model.train()


class Trainer:
    def __init__(self, model, lr, callbacks=()):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.callbacks = list(callbacks)

    def fit(self, X, y, epochs, batch):
        for epoch in range(epochs):
            perm = torch.randperm(len(X))
            total = torch.zeros(())
            for i in range(0, len(X), batch):
                idx = perm[i : i + batch]
                xb, yb = X[idx].to(device), y[idx].to(device)
                loss = nn.functional.mse_loss(self.model(xb), yb)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                total += loss.detach()
            print(f"epoch {epoch}: train mse {total.item() / (len(X) // batch):.4f}")
            for cb in self.callbacks:
                cb(self.model, epoch)


rng = np.random.default_rng(1)
X, y = make_book(rng, 8000)
Xv, yv = make_book(rng, 8000)
val = ValidationCallback(Xv, yv)
model = SeverityNet(X.shape[1]).to(device)
Trainer(model, 3e-3, callbacks=[val]).fit(X, y, epochs=5, batch=256)
_, mae, dev = val.history[-1]
print(f"val mae {mae.item():.1f}, deviance {dev.item():.5f}")
print(f"result: {sum(m.item() + d.item() for _, m, d in val.history):.10e}")
