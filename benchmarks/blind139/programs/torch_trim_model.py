# ruff: noqa
"""Sail-trim model for a regatta team: a small network learns boat speed from trim settings
(sheet, traveller, vang, backstay, heel...) logged on practice runs, with a Gaussian prior that
ties neighbouring trim responses together; prints the validation error and the best trim found."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class TrainConfig:
    n_inputs: int = 12
    width: int = 480
    epochs: int = 3
    batch: int = 64
    lr: float = 1e-2
    prior_weight: float = 1e-4


class SpeedNet(nn.Module):
    def __init__(self, n_inputs, width):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_inputs, width), nn.Tanh())
        self.head = nn.Linear(width, 1)

    def forward(self, x):
        return self.head(self.body(x)).squeeze(-1)


def smoothness_prior(width, length=6.0):
    idx = torch.arange(width, dtype=torch.float32)
    cov = torch.exp(-0.5 * ((idx[:, None] - idx[None, :]) / length) ** 2)
    return cov + 1e-2 * torch.eye(width)


def make_prior_penalty(prior_cov, weight):
    def penalty(head_weight):
        chol = torch.linalg.cholesky(prior_cov)
        z = torch.cholesky_solve(head_weight.T, chol)
        return weight * (head_weight.T * z).sum()

    return penalty


def practice_runs(n, n_inputs, gen):
    x = torch.rand(n, n_inputs, generator=gen) * 2.0 - 1.0
    w = torch.linspace(-1.0, 1.0, n_inputs)
    speed = 7.0 + x @ w - 0.8 * (x**2).sum(1) / n_inputs + 0.3 * torch.sin(3.0 * x[:, 0])
    return x, speed + 0.05 * torch.randn(n, generator=gen)


def train(model, data, cfg, penalty):
    x, y = data
    opt = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9)
    history = []
    n = x.shape[0]
    for epoch in range(cfg.epochs):
        perm = torch.randperm(n, generator=torch.Generator().manual_seed(epoch))
        total = torch.zeros(())
        for i in range(0, n, cfg.batch):
            idx = perm[i : i + cfg.batch]
            loss = ((model(x[idx]) - y[idx]) ** 2).mean()
            loss = loss + penalty(model.head.weight)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.detach()
        history.append(total.item())
    return history


torch.manual_seed(0)
cfg = TrainConfig()
gen = torch.Generator().manual_seed(1)
train_data = practice_runs(12_000, cfg.n_inputs, gen)
val_x, val_y = practice_runs(4_000, cfg.n_inputs, gen)
model = SpeedNet(cfg.n_inputs, cfg.width).to(device)
penalty = make_prior_penalty(smoothness_prior(cfg.width), cfg.prior_weight)
history = train(model, train_data, cfg, penalty)
with torch.no_grad():
    val = ((model(val_x) - val_y) ** 2).mean()
    grid = torch.rand(20_000, cfg.n_inputs, generator=gen) * 2.0 - 1.0
    best = model(grid).max()
print(f"epoch losses: {[round(h, 3) for h in history]}")
print(f"validation mse {float(val):.5f}, best predicted speed {float(best):.3f} kn")
print(f"result: {float(val) + float(best) + sum(history):.10e}")
