# ruff: noqa
"""Bobsled split-time model: a small network learns the finish time of a run from its start push,
sled setup and sensor features (synthetic timing-gate data), then predicts every archived run and
ranks the crews by their mean predicted time."""
from dataclasses import dataclass
from functools import partial

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class TrainConfig:
    epochs: int = 20
    batch: int = 256
    lr: float = 1e-2
    width: int = 48


class SplitNet(nn.Module):
    def __init__(self, n_in, width):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_in, width), nn.SiLU(), nn.Linear(width, width),
                                  nn.SiLU(), nn.Linear(width, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)


def synth_runs(n, n_feat, gen):
    x = torch.randn(n, n_feat, generator=gen)
    w = torch.linspace(-0.4, 0.6, n_feat)
    t = 52.0 + x @ w + 0.3 * torch.tanh(x[:, 0] * x[:, 1]) + 0.05 * torch.randn(n, generator=gen)
    return x, t


def sgd_step(model, lr, momentum, buffers):
    with torch.no_grad():
        for p in model.parameters():
            buf = buffers.setdefault(p, torch.zeros_like(p))
            buf.mul_(momentum).add_(p.grad)
            p.sub_(lr * buf)
            p.grad = None


def train(model, x, t, cfg, gen):
    mean = t.mean()
    buffers = {}
    history = []
    for epoch in range(cfg.epochs):
        order = torch.randperm(len(x), generator=gen)
        for s in range(0, len(x), cfg.batch):
            idx = order[s:s + cfg.batch]
            loss = ((model(x[idx]) + mean - t[idx]) ** 2).mean()
            loss.backward()
            sgd_step(model, cfg.lr, 0.9, buffers)
        history.append(loss.item())
    print(f"batch mse by epoch: {' '.join(f'{h:.4f}' for h in history[::5])}")
    return mean


@torch.no_grad()
def predict_one(model, offset, features):
    return float(model(features.unsqueeze(0))[0] + offset)


torch.manual_seed(1924)
gen = torch.Generator().manual_seed(1924)
cfg = TrainConfig()
x, t = synth_runs(4096, 12, gen)
model = SplitNet(12, cfg.width).to(device)
offset = train(model, x.to(device), t.to(device), cfg, gen)
archive, _ = synth_runs(24000, 12, gen)
archive = archive.to(device)
predicted = list(map(partial(predict_one, model, offset), archive))
crews = torch.arange(len(archive)) % 40
pred = torch.tensor(predicted)
crew_mean = torch.zeros(40).index_add_(0, crews, pred) / torch.bincount(crews, minlength=40)
best = torch.argsort(crew_mean)[:3].tolist()
print(f"fastest crews: {best}, mean {crew_mean[best].tolist()}")
print(f"result: {float(pred.double().sum()):.10e}")
