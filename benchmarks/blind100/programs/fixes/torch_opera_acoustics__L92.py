# ruff: noqa
"""Opera-house acoustics: a small network is fitted to measured clarity (C80) and reverberation
readings from seat positions and the stage set's absorption, then used to map every seat of the
house under each candidate stage-set configuration; prints the configuration with the best
mean clarity and the share of seats under the reverberation limit."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class StageSet:
    name: str
    absorption: float
    curtain: float
    orchestra_pit_open: bool


class AcousticNet(nn.Module):
    def __init__(self, n_in=8, width=64):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_in, width), nn.SiLU(), nn.Linear(width, width),
                                  nn.SiLU(), nn.Linear(width, 2))

    def forward(self, x):
        return self.body(x)


def seat_grid(n_rows=40, n_cols=56):
    r, c = torch.meshgrid(torch.arange(n_rows, dtype=torch.float32),
                          torch.arange(n_cols, dtype=torch.float32), indexing="ij")
    height = torch.where(r > 28, 6.0, torch.where(r > 16, 3.0, 0.0))
    dist = torch.sqrt((r * 0.9 + 4.0) ** 2 + ((c - n_cols / 2) * 0.55) ** 2)
    return torch.stack([r.flatten() / n_rows, c.flatten() / n_cols, height.flatten() / 6.0,
                        dist.flatten() / 40.0], 1)


def with_set(seats, stage):
    extra = torch.tensor([stage.absorption, stage.curtain, float(stage.orchestra_pit_open), 1.0])
    return torch.cat([seats, extra.expand(seats.shape[0], 4)], 1)


def synthetic_readings(x, gen):
    c80 = 2.0 - 3.0 * x[:, 3] + 1.5 * x[:, 4] + 0.4 * x[:, 2] - 0.8 * x[:, 6]
    rt = 1.9 - 0.9 * x[:, 4] - 0.3 * x[:, 5] + 0.2 * x[:, 3]
    y = torch.stack([c80, rt], 1)
    return y + 0.05 * torch.randn(y.shape, generator=gen)


class SeatMapper:
    def __init__(self, model):
        self.model = model

    @torch.no_grad()
    def __call__(self, seats):
        return torch.stack([self.model(seat) for seat in seats])


def momentum_step(params, velocity, lr, beta):
    with torch.no_grad():
        for p, v in zip(params, velocity):
            v.mul_(beta).add_(p.grad)
            p.sub_(lr * v)


def fit(model, seats, sets, gen, steps=160):
    xs = torch.cat([with_set(seats, s) for s in sets])
    ys = synthetic_readings(xs, gen)
    params = list(model.parameters())
    velocity = [torch.zeros_like(p) for p in params]
    for step in range(steps):
        idx = torch.randint(0, xs.shape[0], (512,), generator=gen)
        loss = ((model(xs[idx].to(device)) - ys[idx].to(device)) ** 2).mean()
        model.zero_grad()
        loss.backward()
        momentum_step(params, velocity, lr=0.05, beta=0.9)
    return model


gen = torch.Generator().manual_seed(3)
torch.manual_seed(3)
seats = seat_grid()
sets = [StageSet(f"set-{k}", 0.1 + 0.08 * k, 0.5 + 0.05 * (k % 4), k % 2 == 0) for k in range(8)]
model = fit(AcousticNet().to(device), seats, sets, gen)
mapper = SeatMapper(model)
summary = {}
for stage in sets:
    preds = mapper(with_set(seats, stage).to(device))
    clarity = preds[:, 0].mean()
    summary[stage.name] = (clarity, float((preds[:, 1] < 1.6).float().mean()))
best = max(summary, key=lambda k: summary[k][0])
print(f"best set {best}: C80 {float(summary[best][0]):.3f} dB, {100 * summary[best][1]:.1f}% seats under RT limit")
print(f"result: {sum(float(c) + s for c, s in summary.values()):.10e}")
