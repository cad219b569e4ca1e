# ruff: noqa
"""Dispatch board for an ice-road trucking outfit: a small neural model, fitted on last season's
crossings, predicts each truck's crossing time from its gross weight, axle count, the ice
thickness along the route, air temperature and convoy position; every day the board orders the
waiting trucks into departure slots that keep the required spacing on the ice and counts the
trucks that would miss the road's closing time."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_FEATURES = 6


@dataclass
class RoadConfig:
    length_km: float = 180.0
    spacing_min: float = 2.4
    closing_min: float = 13 * 60.0
    min_ice_cm: float = 70.0


class CrossingModel(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(N_FEATURES, width), nn.SiLU(), nn.Linear(width, width), nn.SiLU(),
            nn.Linear(width, 1),
        )

    def forward(self, x):
        return 180.0 + 60.0 * self.net(x).squeeze(-1)


def synthetic_trucks(gen, n):
    weight = 20.0 + 45.0 * torch.rand(n, generator=gen)
    axles = torch.randint(3, 9, (n,), generator=gen).float()
    ice = 70.0 + 40.0 * torch.rand(n, generator=gen)
    temp = -35.0 + 20.0 * torch.rand(n, generator=gen)
    slot = torch.rand(n, generator=gen)
    load_ratio = weight / (0.02 * ice * ice)
    feats = torch.stack([weight / 65.0, axles / 8.0, ice / 110.0, temp / -35.0, slot, load_ratio], 1)
    truth = 170.0 + 1.2 * weight - 0.4 * (ice - 70.0) + 6.0 * load_ratio + 0.5 * (temp + 35.0)
    return feats, truth


def fit(model, gen, steps=120, lr=0.05):
    feats, truth = synthetic_trucks(gen, 1024)
    params = list(model.parameters())
    for _ in range(steps):
        loss = ((model(feats) - truth) ** 2).mean() / 3600.0
        grads = torch.autograd.grad(loss, params)
        with torch.no_grad():
            for p, g in zip(params, grads):
                p -= lr * g
    return float(loss.detach())


class DispatchBoard:
    def __init__(self, model, road):
        self.model = model
        self.road = road

    @torch.no_grad()
    def estimate(self, feats):
        return torch.cat(list(map(lambda truck: self.model(truck.unsqueeze(0)), feats)))

    def schedule(self, feats):
        eta = self.estimate(feats.to(device))
        order = torch.argsort(eta)
        departs = torch.arange(len(order), device=eta.device) * self.road.spacing_min
        arrive = torch.empty_like(eta)
        arrive[order] = departs + eta[order]
        return arrive


torch.manual_seed(11)
gen = torch.Generator().manual_seed(11)
road = RoadConfig()
model = CrossingModel().to(device)
final_loss = fit(model, gen)
board = DispatchBoard(model, road)
late_total = torch.zeros((), dtype=torch.int64)
spread = []
for day in range(80):
    feats, _ = synthetic_trucks(gen, 300)
    arrive = board.schedule(feats)
    late_total += (arrive > road.closing_min).sum()
    spread.append(arrive.std())
spread = torch.stack(spread)
late_total = late_total.item()
print(f"fit loss {final_loss:.4f}; trucks past closing over 80 days: {late_total}")
print(f"result: {float(spread.sum()) + late_total:.10e}")
