# ruff: noqa
"""Boat-speed model for a rowing crew: synthetic force curves of each stroke (8 seats x 48
samples) from a season of training pieces, a small MLP trained to predict the boat's speed from
them, then every stroke of the season scored and each seat's contribution summarised."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
SEATS, SAMPLES = 8, 48


@dataclass
class TrainConfig:
    epochs: int = 5
    batch: int = 256
    lr: float = 0.01
    width: int = 96


class SpeedModel(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(SEATS * SAMPLES, width), nn.GELU(), nn.Linear(width, width), nn.GELU(), nn.Linear(width, 1))

    def forward(self, curves):
        return self.body(curves.flatten(1)).squeeze(-1)


def force_curves(n, gen):
    phase = torch.linspace(0, 3.14159, SAMPLES)
    peak = 600 + 80 * torch.randn(n, SEATS, 1, generator=gen)
    timing = 0.15 * torch.randn(n, SEATS, 1, generator=gen)
    curves = peak * torch.sin((phase + timing).clamp(0, 3.14159)) / 600.0
    speed = 4.2 + 0.5 * curves.mean((1, 2)) - 0.8 * timing.std(1).squeeze(-1)
    return curves, speed + 0.02 * torch.randn(n, generator=gen)


class StrokeScorer:
    def __init__(self, model):
        self.model = model

    def _predict_one(self, curve):
        return self.model(curve.unsqueeze(0))[0]

    @torch.no_grad()
    def score(self, curves):
        return self.model(curves.to(device))


def train(model, curves, speed, cfg, gen):
    log = []
    for epoch in range(cfg.epochs):
        perm = torch.randperm(len(curves), generator=gen)
        total = torch.zeros((), device=device)
        for i in range(0, len(curves), cfg.batch):
            idx = perm[i : i + cfg.batch]
            loss = ((model(curves[idx].to(device)) - speed[idx].to(device)) ** 2).mean()
            model.zero_grad()
            loss.backward()
            with torch.no_grad():
                for p in model.parameters():
                    p -= cfg.lr * p.grad
            total += loss.detach() * len(idx)
        log.append(total.item() / len(curves))
    return log


torch.manual_seed(0)
gen = torch.Generator().manual_seed(11)
cfg = TrainConfig()
curves, speed = force_curves(6000, gen)
model = SpeedModel(cfg.width).to(device)
log = train(model, curves, speed, cfg, gen)
season, _ = force_curves(6000, gen)
pred = StrokeScorer(model).score(season).cpu()
seat_effect = torch.stack([(pred - pred.mean()) @ (season[:, s].mean(1) - season[:, s].mean()) for s in range(SEATS)])
print("loss by epoch:", [round(v, 5) for v in log])
print("seat effects:", [round(float(v), 3) for v in seat_effect])
print(f"result: {float(pred.mean()) + float(seat_effect.abs().sum()) * 1e-3 + log[-1]:.10e}")
