# ruff: noqa
"""Sweeping model for a curling club's ice technicians: a small network learns a stone's
deceleration from sweeping effort, stone speed, ice temperature and pebble age (synthetic
tracking data), and is then used to predict the extra carry that sweeping gives on a bank of
recorded deliveries."""
from dataclasses import dataclass

import torch
from torch import nn

torch.manual_seed(31)
device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class TrainConfig:
    epochs: int = 4
    batch: int = 256
    lr: float = 3e-3


class SweepNet(nn.Module):
    def __init__(self, n_in=4, width=48):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(n_in, width), nn.Tanh(), nn.Linear(width, width), nn.Tanh(), nn.Linear(width, 1)
        )

    def forward(self, x):
        return self.body(x).squeeze(-1)


def synth_tracks(n, gen):
    effort = torch.rand(n, generator=gen)
    speed = 1.0 + 2.5 * torch.rand(n, generator=gen)
    ice_t = -6.0 + 3.0 * torch.rand(n, generator=gen)
    age = torch.rand(n, generator=gen)
    x = torch.stack([effort, speed, ice_t / 6.0, age], dim=1)
    decel = 0.165 - 0.03 * effort * torch.exp(-0.3 * speed) + 0.01 * age - 0.002 * ice_t
    return x, decel + 0.002 * torch.randn(n, generator=gen)


def train(model, x, y, cfg):
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    losses = []
    for epoch in range(cfg.epochs):
        perm = torch.randperm(len(x))
        total = torch.zeros(())
        for i in range(0, len(x), cfg.batch):
            idx = perm[i : i + cfg.batch]
            loss = ((model(x[idx]) - y[idx]) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.detach() * len(idx)
        losses.append(total.item() / len(x))
    return losses


class CarryPredictor:
    def __init__(self, model):
        self.model = model

    def decel(self, rows):
        with torch.no_grad():
            return self.model(rows)

    def extra_carry(self, rows):
        swept = rows.clone()
        swept[:, 0] = 1.0
        v = rows[:, 1]
        return v**2 / (2 * 9.81 * self.decel(swept)) - v**2 / (2 * 9.81 * self.decel(rows))


gen = torch.Generator().manual_seed(5)
x, y = synth_tracks(9000, gen)
model = SweepNet().to(device)
losses = train(model, x.to(device), y.to(device), TrainConfig())
print("epoch losses:", " ".join(f"{l:.2e}" for l in losses))
bank, _ = synth_tracks(9000, gen)
carry = CarryPredictor(model).extra_carry(bank.to(device)).cpu()
print(f"mean extra carry: {carry.mean():.3f} m, max: {carry.max():.3f} m")
print(f"result: {carry.sum().item() + sum(losses):.10e}")
