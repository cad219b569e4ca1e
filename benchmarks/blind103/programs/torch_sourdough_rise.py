# ruff: noqa
"""Proofing planner for a sourdough bakery: a small network is fitted to the bakery's log of past
bakes (hydration, starter age and ratio, flour protein, dough temperature, proof time -> oven rise),
then every dough lot of tomorrow's production is scored at each candidate proof time and the
planner picks the time that gives each lot its best rise."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"

PROOF_HOURS = [2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 5.5, 6.0, 7.0, 8.0, 10.0]


@dataclass
class TrainConfig:
    epochs: int = 10
    batch: int = 256
    lr: float = 0.05
    momentum: float = 0.9


class RiseModel(nn.Module):
    def __init__(self, n_in=6, width=48):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(n_in, width), nn.SiLU(),
            nn.Linear(width, width), nn.SiLU(),
            nn.Linear(width, 1),
        )

    def forward(self, x):
        return self.net(x).squeeze(-1)


def synthetic_bakes(n, gen):
    hydration = 0.65 + 0.2 * torch.rand(n, generator=gen)
    starter_age = 4.0 + 20.0 * torch.rand(n, generator=gen)
    starter_ratio = 0.1 + 0.25 * torch.rand(n, generator=gen)
    protein = 0.10 + 0.04 * torch.rand(n, generator=gen)
    temp = 22.0 + 6.0 * torch.rand(n, generator=gen)
    proof = 2.0 + 8.0 * torch.rand(n, generator=gen)
    activity = starter_ratio * torch.exp(-((starter_age - 10.0) / 8.0) ** 2) * 2.0 ** ((temp - 24.0) / 6.0)
    ripeness = proof * activity
    rise = protein * 30.0 * ripeness * torch.exp(-ripeness / 1.2) * (1.2 - (hydration - 0.75).abs())
    rise = rise + 0.02 * torch.randn(n, generator=gen)
    x = torch.stack([hydration, starter_age / 24.0, starter_ratio, protein * 10.0, temp / 30.0, proof / 10.0], 1)
    return x, rise


def fit(model, x, y, cfg, gen):
    params = list(model.parameters())
    velocity = [torch.zeros_like(p) for p in params]
    losses = []
    for epoch in range(cfg.epochs):
        order = torch.randperm(x.shape[0], generator=gen)
        running = torch.zeros(())
        for start in range(0, x.shape[0], cfg.batch):
            idx = order[start:start + cfg.batch]
            loss = ((model(x[idx]) - y[idx]) ** 2).mean()
            model.zero_grad()
            loss.backward()
            with torch.no_grad():
                for p, v in zip(params, velocity):
                    v.mul_(cfg.momentum).add_(p.grad)
                    p.sub_(cfg.lr * v)
            running += loss.detach() * idx.shape[0]
        losses.append((running / x.shape[0]).item())
    return losses


class Planner:
    def __init__(self, model):
        self.model = model

    def lot_features(self, lots, hours):
        proof = torch.full((lots.shape[0], 1), hours / 10.0)
        return torch.cat([lots, proof], 1).to(device)

    def score(self, feats):
        with torch.no_grad():
            rises = list(map(lambda lot: self.model(lot.unsqueeze(0)), feats))
        return torch.cat(rises)

    def plan(self, lots):
        table = torch.stack([self.score(self.lot_features(lots, h)) for h in PROOF_HOURS], 1)
        return table


torch.manual_seed(0)
gen = torch.Generator().manual_seed(11)
x, y = synthetic_bakes(8000, gen)
model = RiseModel().to(device)
losses = fit(model, x.to(device), y.to(device), TrainConfig(), gen)
print("epoch losses:", " ".join(f"{l:.4f}" for l in losses))

lots_x, _ = synthetic_bakes(1200, gen)
lots = lots_x[:, :5]
table = Planner(model).plan(lots).cpu()
best = table.argmax(1)
counts = torch.bincount(best, minlength=len(PROOF_HOURS))
for h, c in zip(PROOF_HOURS, counts.tolist()):
    print(f"proof {h:4.1f} h: {c} lots")
print(f"result: {float(table.double().sum()) + sum(losses):.10e}")
