# ruff: noqa
"""Predicting daily lake surface temperature from weather: a small MLP trained on synthetic
station data (air temperature, wind, radiation, humidity, day of year), with a Trainer that
runs a validation callback after every epoch and keeps the best validation error."""
import math

import numpy as np
import torch
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def make_weather(n, rng):
    doy = rng.integers(0, 365, size=n)
    air = 12 + 10 * np.sin(2 * np.pi * (doy - 110) / 365) + rng.normal(0, 3, n)
    wind = rng.gamma(2.0, 2.0, n)
    rad = 180 + 120 * np.sin(2 * np.pi * (doy - 80) / 365) + rng.normal(0, 30, n)
    hum = rng.uniform(40, 95, n)
    X = np.stack([air, wind, rad / 100, hum / 50, np.sin(2 * np.pi * doy / 365),
                  np.cos(2 * np.pi * doy / 365)], axis=1)
    y = 0.7 * air + 0.01 * rad - 0.3 * wind + 4 + rng.normal(0, 0.5, n)
    return torch.tensor(X, dtype=torch.float32), torch.tensor(y, dtype=torch.float32)


class SurfaceTempNet(nn.Module):
    def __init__(self, n_in, hidden=64):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_in, hidden), nn.Tanh(), nn.Linear(hidden, hidden),
                                  nn.Tanh(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)


def rmse_callback(model, X_val, y_val):
    with torch.no_grad():
        preds = torch.stack([model(x) for x in X_val])
    return math.sqrt(torch.mean((preds - y_val) ** 2))


class Trainer:
    def __init__(self, model, lr, callbacks):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.callbacks = callbacks
        self.best = float("inf")

    def epoch(self, X, y, batch):
        perm = torch.randperm(X.shape[0])
        total = torch.zeros(())
        for s in range(0, X.shape[0], batch):
            idx = perm[s:s + batch]
            loss = nn.functional.mse_loss(self.model(X[idx]), y[idx])
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            total += loss.detach() * idx.numel()
        return total / X.shape[0]

    def fit(self, X, y, epochs, batch=128):
        for ep in range(epochs):
            train_loss = self.epoch(X, y, batch)
            for cb in self.callbacks:
                self.best = min(self.best, cb(self.model))
            print(f"epoch {ep}: train {train_loss.item():.4f}, best val {self.best:.4f}")


rng = np.random.default_rng(1)
X, y = make_weather(8000, rng)
X_val, y_val = make_weather(2500, rng)
mu, sd = X.mean(0), X.std(0)
X, X_val = (X - mu) / sd, (X_val - mu) / sd
model = SurfaceTempNet(X.shape[1]).to(device)
trainer = Trainer(model, 3e-3, [lambda m: rmse_callback(m, X_val, y_val)])
trainer.fit(X, y, epochs=10)
print(f"result: {trainer.best:.10e}")
