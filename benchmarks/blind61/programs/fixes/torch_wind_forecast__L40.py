# ruff: noqa
"""Short-term wind power forecasting: lagged power and wind features from a synthetic SCADA
series, a small MLP trained with Adam in mini-batches, and a validation callback run after every
epoch that records the validation RMSE and logs the training loss."""
import math

import numpy as np
import torch
from torch import nn


def make_series(n, rng):
    t = np.arange(n)
    wind = 8 + 3 * np.sin(2 * np.pi * t / 144) + np.cumsum(rng.normal(0, 0.15, n))
    wind = np.clip(wind, 0, None)
    power = np.clip((wind - 3) / 9, 0, 1) ** 3 + rng.normal(0, 0.02, n)
    lags = 12
    X = np.stack([np.concatenate([power[i - lags : i], wind[i - lags : i]]) for i in range(lags, n)])
    y = power[lags:]
    return torch.tensor(X, dtype=torch.float32), torch.tensor(y, dtype=torch.float32)


class Forecaster(nn.Module):
    def __init__(self, d_in, width=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_in, width), nn.ReLU(), nn.Linear(width, width),
                                 nn.ReLU(), nn.Linear(width, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


class ValidationCallback:
    def __init__(self, X_val, y_val):
        self.X_val, self.y_val = X_val, y_val
        self.history = []

    def __call__(self, model, epoch, last_loss):
        with torch.no_grad():
            preds = model(self.X_val)
        rmse = math.sqrt(float(((preds - self.y_val) ** 2).mean()))
        self.history.append((epoch, last_loss.item(), rmse))


class Trainer:
    def __init__(self, model, lr=3e-3, batch=256, callbacks=()):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.batch = batch
        self.callbacks = list(callbacks)

    def fit(self, X, y, epochs, gen):
        for epoch in range(epochs):
            perm = torch.randperm(len(X), generator=gen)
            for i in range(0, len(X), self.batch):
                idx = perm[i : i + self.batch]
                loss = ((self.model(X[idx]) - y[idx]) ** 2).mean()
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            for cb in self.callbacks:
                cb(self.model, epoch, loss)


torch.manual_seed(0)
rng = np.random.default_rng(8)
X, y = make_series(13000, rng)
X_tr, y_tr, X_val, y_val = X[:7000], y[:7000], X[7000:], y[7000:]
model = Forecaster(X.shape[1])
val = ValidationCallback(X_val, y_val)
Trainer(model, callbacks=[val]).fit(X_tr, y_tr, 8, torch.Generator().manual_seed(1))
print(f"final val RMSE: {val.history[-1][2]:.4f}")
print(f"result: {sum(h[2] for h in val.history):.10e}")
