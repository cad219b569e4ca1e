# ruff: noqa
"""Ski-lift wait-time model: a small network trained on a synthetic season of lift-line records
(hour, snow, temperature, open lifts, queue length...) predicts each rider group's wait; after
training it scores a day of arrivals at every lift station and prints the busiest station."""
from dataclasses import dataclass, field

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_FEATURES = 12


@dataclass
class LiftConfig:
    hidden: int = 48
    epochs: int = 2
    batch: int = 256
    lr: float = 3e-3
    stations: tuple = ("base", "mid", "summit")
    groups_per_station: int = 6000


class WaitNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(N_FEATURES, cfg.hidden), nn.ReLU(),
            nn.Linear(cfg.hidden, cfg.hidden), nn.ReLU(),
            nn.Linear(cfg.hidden, 1),
        )

    def forward(self, x):
        return self.body(x).squeeze(-1)


def synthetic_season(n, gen):
    x = torch.randn(n, N_FEATURES, generator=gen)
    w = torch.linspace(-1.0, 1.0, N_FEATURES)
    y = torch.relu(x @ w) * 3.0 + 0.2 * torch.randn(n, generator=gen)
    return x, y


@dataclass
class Station:
    name: str
    arrivals: torch.Tensor
    waits: list = field(default_factory=list)

    def score(self, model):
        with torch.no_grad():
            self.waits = model(self.arrivals)
        return float(self.waits.mean())


def train(model, x, y, cfg, gen):
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for epoch in range(cfg.epochs):
        perm = torch.randperm(len(x), generator=gen)
        total = torch.zeros(())
        for i in range(0, len(x), cfg.batch):
            idx = perm[i : i + cfg.batch]
            loss = nn.functional.mse_loss(model(x[idx]), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.detach() * len(idx)
        print(f"epoch {epoch}: mse {total.item() / len(x):.4f}")


def main():
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(11)
    cfg = LiftConfig()
    x, y = synthetic_season(4000, gen)
    model = WaitNet(cfg).to(device)
    train(model, x.to(device), y.to(device), cfg, gen)
    stations = [
        Station(name, torch.randn(cfg.groups_per_station, N_FEATURES, generator=gen).to(device))
        for name in cfg.stations
    ]
    means = {s.name: s.score(model) for s in stations}
    busiest = max(means, key=means.get)
    print(f"busiest station: {busiest} ({means[busiest]:.3f} min)")
    print(f"result: {sum(means.values()):.10e}")


if __name__ == "__main__":
    main()
