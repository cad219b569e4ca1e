# ruff: noqa
"""Lighthouse keepers' beam-visibility model: a small network is trained on synthetic nightly
observations (fog density, humidity, sea state, lamp age...) to predict how far the beam is seen,
then scores every logged observation of the season and reports the nights below range."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class TrainConfig:
    n_features: int = 12
    hidden: int = 64
    epochs: int = 3
    batch: int = 256
    lr: float = 2e-2


class VisibilityNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(cfg.n_features, cfg.hidden), nn.ReLU(),
            nn.Linear(cfg.hidden, cfg.hidden), nn.ReLU(),
            nn.Linear(cfg.hidden, 1),
        )

    def forward(self, x):
        return self.body(x).squeeze(-1)


def synthetic_nights(n, n_features, gen):
    x = torch.randn(n, n_features, generator=gen)
    w = torch.linspace(-1.0, 1.0, n_features)
    y = 18.0 + 4.0 * torch.tanh(x @ w) - 2.0 * x[:, 0].clamp(min=0)
    return x, y


def train(model, x, y, cfg, gen):
    params = list(model.parameters())
    losses = []
    for epoch in range(cfg.epochs):
        perm = torch.randperm(len(x), generator=gen)
        total = torch.zeros(())
        for i in range(0, len(x), cfg.batch):
            idx = perm[i : i + cfg.batch]
            loss = ((model(x[idx]) - y[idx]) ** 2).mean()
            grads = torch.autograd.grad(loss, params)
            with torch.no_grad():
                for p, g in zip(params, grads):
                    p -= cfg.lr * g
            total += loss.detach()
        losses.append(total.item())
    return losses


class NightLog:
    def __init__(self, model):
        self.model = model

    @torch.no_grad()
    def score(self, observations):
        return self.model(observations)


torch.manual_seed(0)
gen = torch.Generator().manual_seed(3)
cfg = TrainConfig()
model = VisibilityNet(cfg).to(device)
x, y = synthetic_nights(16000, cfg.n_features, gen)
losses = train(model, x.to(device), y.to(device), cfg, gen)
season, _ = synthetic_nights(14000, cfg.n_features, gen)
ranges = NightLog(model).score(season.to(device))
short = (ranges < 16.0).sum().item()
print(f"final loss {losses[-1]:.4f}, nights below range: {short}")
print(f"result: {ranges.sum().item() + sum(losses):.10e}")
