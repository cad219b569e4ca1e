# ruff: noqa
"""Avalanche-forecasting service: trains a small danger-rating network on synthetic snowpack
observations, then scores every slope cell of each forecast region and reports the share of
cells at considerable danger or above."""
from __future__ import annotations

import functools
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"

FEATURES = 12
REGIONS = ("north", "central", "east", "south", "west", "high alpine")
ASPECT_WEIGHTS = [[1.0, 0.8, 0.6, 0.5, 0.6, 0.8, 1.0, 1.1]]
ASPECT_TABLE = None


@dataclass
class TrainConfig:
    epochs: int = 4
    batch: int = 256
    lr: float = 3e-3
    samples: int = 8192


class DangerNet(nn.Module):
    def __init__(self, width: int = 64):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(FEATURES, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU(), nn.Linear(width, 1)
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sigmoid(self.body(x)).squeeze(-1)


def synthetic_observations(n: int, gen: torch.Generator):
    x = torch.randn(n, FEATURES, generator=gen)
    w = torch.linspace(-1.0, 1.5, FEATURES)
    y = (torch.sigmoid(x @ w + 0.3 * x[:, 0] * x[:, 3]) > 0.5).float()
    return x, y


def train(model: DangerNet, cfg: TrainConfig, gen: torch.Generator) -> float:
    x, y = synthetic_observations(cfg.samples, gen)
    x, y = x.to(device), y.to(device)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    loss_fn = nn.BCELoss()
    for epoch in range(cfg.epochs):
        perm = torch.randperm(cfg.samples, generator=gen)
        for i in range(0, cfg.samples, cfg.batch):
            idx = perm[i : i + cfg.batch]
            opt.zero_grad()
            loss = loss_fn(model(x[idx]), y[idx])
            loss.backward()
            opt.step()
    return float(loss.detach())


def cell_risk(model: DangerNet, features: torch.Tensor) -> torch.Tensor:
    return model(features.unsqueeze(0))[0]


def score_region(model: DangerNet, cells: torch.Tensor) -> torch.Tensor:
    risk = functools.partial(cell_risk, model)
    with torch.no_grad():
        return torch.stack([risk(c) for c in cells])


def aspect_factor(aspects: torch.Tensor) -> torch.Tensor:
    global ASPECT_TABLE
    if ASPECT_TABLE is None:
        ASPECT_TABLE = torch.tensor(ASPECT_WEIGHTS, device=device)[0]
    weights = ASPECT_TABLE
    return weights[aspects]


def main() -> None:
    gen = torch.Generator().manual_seed(5)
    torch.manual_seed(5)
    model = DangerNet().to(device)
    final_loss = train(model, TrainConfig(), gen)
    summary = {}
    total = 0.0
    for r, region in enumerate(REGIONS):
        n_cells = 2800 + 300 * r
        cells = (torch.randn(n_cells, FEATURES, generator=gen) + 0.1 * r).to(device)
        aspects = torch.randint(0, 8, (n_cells,), generator=gen).to(device)
        risk = score_region(model, cells) * aspect_factor(aspects)
        summary[region] = float((risk > 0.6).float().mean())
        total += float(risk.sum())
    print(f"final training loss {final_loss:.4f}")
    print({k: round(v, 3) for k, v in summary.items()})
    print(f"result: {total:.10e}")


if __name__ == "__main__":
    main()
