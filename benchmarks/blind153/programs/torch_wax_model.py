# ruff: noqa
"""Glide-time model for a ski-wax test team: a small network predicts the time over the 60 m
glide section from wax recipe, snow temperature, humidity, snow age and grind features, trained
on synthetic test-day records; a validation callback tracks the error after every epoch."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class Config:
    n_train: int = 2500
    n_val: int = 8000
    n_features: int = 10
    width: int = 48
    epochs: int = 5
    batch: int = 256
    lr: float = 3e-3


def make_records(n, gen, n_features):
    x = torch.randn(n, n_features, generator=gen)
    w = torch.linspace(-0.4, 0.6, n_features)
    y = 7.5 + x @ w * 0.1 + 0.05 * torch.sin(3 * x[:, 0]) * x[:, 1] + 0.02 * torch.randn(n, generator=gen)
    return x, y[:, None]


class GlideNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(cfg.n_features, cfg.width), nn.SiLU(),
                                  nn.Linear(cfg.width, cfg.width), nn.SiLU(),
                                  nn.Linear(cfg.width, 1))

    def forward(self, x):
        return self.body(x)


class ValidationCallback:
    def __init__(self, x_val, y_val):
        self.x_val, self.y_val = x_val, y_val
        self.history = []

    @torch.no_grad()
    def predict(self, model):
        return torch.stack([model(row) for row in self.x_val])

    def __call__(self, epoch, model, loss):
        pred = self.predict(model)
        mae = (pred - self.y_val).abs().mean()
        self.history.append(mae)
        print(f"epoch {epoch:2d}: train loss {loss.item():.5f}, val MAE {float(mae):.4f} s")


def train(cfg, model, x, y, callbacks, gen):
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for epoch in range(cfg.epochs):
        perm = torch.randperm(len(x), generator=gen)
        for i in range(0, len(x), cfg.batch):
            idx = perm[i:i + cfg.batch]
            loss = nn.functional.mse_loss(model(x[idx]), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        for cb in callbacks:
            cb(epoch, model, loss.detach())


def main():
    cfg = Config()
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(1)
    x, y = make_records(cfg.n_train, gen, cfg.n_features)
    xv, yv = make_records(cfg.n_val, gen, cfg.n_features)
    model = GlideNet(cfg).to(device)
    val = ValidationCallback(xv.to(device), yv.to(device))
    train(cfg, model, x.to(device), y.to(device), [val], gen)
    best = min(float(m) for m in val.history)
    print(f"best val MAE {best:.4f} s")
    print(f"result: {best + float(val.history[-1]):.10e}")


if __name__ == "__main__":
    main()
