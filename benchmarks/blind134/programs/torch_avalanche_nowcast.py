# ruff: noqa
"""Avalanche danger nowcast for a network of weather stations: a small MLP is trained on
synthetic station-hour features (new snow, wind loading, temperature trend, solar input, slope
aspect) against danger levels, then every station-hour of the season is scored and the stations'
mean danger and their count of high-danger hours are reported."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class TrainConfig:
    epochs: int = 10
    lr: float = 3e-3
    hidden: int = 64
    n_features: int = 12


class DangerNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(cfg.n_features, cfg.hidden), nn.ReLU(),
            nn.Linear(cfg.hidden, cfg.hidden), nn.ReLU(),
            nn.Linear(cfg.hidden, 1),
        )

    def forward(self, x):
        return torch.sigmoid(self.body(x)).squeeze(-1) * 5.0


def synth_station_hours(n, n_features, gen):
    x = torch.randn(n, n_features, generator=gen)
    w = torch.linspace(-1.0, 1.5, n_features)
    danger = 2.5 + 1.2 * torch.tanh(x @ w / 3.0) + 0.1 * torch.randn(n, generator=gen)
    return x, danger.clamp(0.0, 5.0)


def train(model, x, y, cfg, log):
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for epoch in range(cfg.epochs):
        perm = torch.randperm(x.shape[0], generator=torch.Generator().manual_seed(epoch))
        for idx in perm.split(512):
            opt.zero_grad()
            loss = ((model(x[idx]) - y[idx]) ** 2).mean()
            loss.backward()
            opt.step()
        log.append(loss.item())
    return model


class Nowcaster:
    def __init__(self, model, threshold=3.5):
        self.model = model
        self.threshold = threshold

    def _score_one(self, row):
        return self.model(row.unsqueeze(0))[0]

    def score_season(self, hours):
        with torch.no_grad():
            scores = torch.stack(list(map(self._score_one, hours)))
        return scores


gen = torch.Generator().manual_seed(134)
torch.manual_seed(134)
cfg = TrainConfig()
x, y = synth_station_hours(12000, cfg.n_features, gen)
model = DangerNet(cfg).to(device)
log = []
train(model, x.to(device), y.to(device), cfg, log)
season, _ = synth_station_hours(16000, cfg.n_features, gen)
scores = Nowcaster(model).score_season(season.to(device)).view(40, 400)
mean_danger = scores.mean(dim=1)
high = (scores > 3.5).sum(dim=1)
print(f"final loss {log[-1]:.4f}, stations above 3: {int((mean_danger > 3.0).sum())}")
print(f"result: {float(mean_danger.sum()) + float(high.sum()) + sum(log):.10e}")
