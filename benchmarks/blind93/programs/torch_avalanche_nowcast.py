# ruff: noqa
"""Avalanche danger nowcast: a small network is trained on weather-station features (new snow,
wind, temperature trend, slope angle) against observed instability, then used to score every cell
of a forecast grid; the grid's danger map is summarised per region."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
FEATURES = 12


@dataclass
class TrainConfig:
    epochs: int = 5
    batch: int = 256
    lr: float = 0.05
    momentum: float = 0.9
    n_train: int = 8192


class DangerNet(nn.Module):
    def __init__(self, width=48):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(FEATURES, width), nn.ReLU(), nn.Linear(width, width),
                                  nn.ReLU(), nn.Linear(width, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)


def synthetic_stations(n, gen):
    x = torch.randn(n, FEATURES, generator=gen)
    logit = 1.2 * x[:, 0] + 0.8 * x[:, 1] * x[:, 2] - 0.5 * x[:, 3] + 0.3 * torch.sin(3 * x[:, 4])
    y = (logit + 0.3 * torch.randn(n, generator=gen) > 0).float()
    return x, y


class Nowcaster:
    def __init__(self, model):
        self.model = model.to(device)

    def train(self, x, y, cfg):
        params = list(self.model.parameters())
        velocity = [torch.zeros_like(p) for p in params]
        lossf = nn.BCEWithLogitsLoss()
        log = []
        for epoch in range(cfg.epochs):
            perm = torch.randperm(len(x), generator=torch.Generator().manual_seed(epoch))
            total = torch.zeros(())
            for i in range(0, len(x), cfg.batch):
                idx = perm[i:i + cfg.batch]
                loss = lossf(self.model(x[idx].to(device)), y[idx].to(device))
                self.model.zero_grad()
                loss.backward()
                with torch.no_grad():
                    for p, v in zip(params, velocity):
                        v.mul_(cfg.momentum).add_(p.grad)
                        p.sub_(cfg.lr * v)
                total += loss.detach() * len(idx)
            log.append((total / len(x)).item())
        return log

    @torch.no_grad()
    def score_cells(self, cells):
        self.model.eval()
        return torch.stack([torch.sigmoid(self.model(c.unsqueeze(0))[0]) for c in cells])


torch.manual_seed(0)
gen = torch.Generator().manual_seed(1)
x, y = synthetic_stations(TrainConfig.n_train, gen)
nowcaster = Nowcaster(DangerNet())
log = nowcaster.train(x, y, TrainConfig())
for epoch, l in enumerate(log):
    print(f"epoch {epoch}: loss {l:.4f}")
grid, _ = synthetic_stations(12_000, gen)
danger = nowcaster.score_cells(grid.to(device)).cpu()
regions = danger.reshape(24, -1)
levels = torch.bucketize(regions.mean(dim=1), torch.tensor([0.3, 0.45, 0.55, 0.7])) + 1
print("regional danger levels:", levels.tolist())
print(f"result: {float(danger.double().sum()) + float(levels.sum()) + sum(log):.10e}")
