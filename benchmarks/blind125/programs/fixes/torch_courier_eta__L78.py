# ruff: noqa
"""Delivery-time (ETA) model for a bicycle courier service: a small network trained on synthetic
trips (distance, climb, hour, weather, bike type, rider experience) to predict minutes door to
door. A callback keeps each batch's trip embeddings and errors for the post-training error
analysis by distance band."""
import math
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
torch.manual_seed(17)


@dataclass
class TrainConfig:
    epochs: int = 4
    batch_size: int = 256
    lr: float = 3e-3
    n_trips: int = 16384


def synthetic_trips(n, gen):
    dist = torch.rand(n, generator=gen) * 9 + 0.5
    climb = torch.rand(n, generator=gen) * 120
    hour = torch.randint(7, 21, (n,), generator=gen).float()
    rain = (torch.rand(n, generator=gen) < 0.25).float()
    bike = torch.randint(0, 3, (n,), generator=gen)
    exp_years = torch.rand(n, generator=gen) * 6
    rush = torch.exp(-((hour - 8.5) ** 2) / 2) + torch.exp(-((hour - 17.5) ** 2) / 2)
    speed = torch.tensor([14.0, 22.0, 24.0])[bike] * (1 - 0.15 * rain) * (1 + 0.02 * exp_years)
    minutes = 60 * dist / speed + climb / 25 + 6 * rush + 3 + torch.randn(n, generator=gen)
    x = torch.stack([dist / 10, climb / 100, (hour - 14) / 7, rain, exp_years / 6,
                     *(bike[:, None] == torch.arange(3)).float().T], dim=1)
    return x, minutes[:, None]


class EtaNet(nn.Module):
    def __init__(self, n_in=8, width=64, emb=64):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(n_in, width), nn.ReLU(), nn.Linear(width, emb), nn.ReLU())
        self.head = nn.Linear(emb, 1)

    def forward(self, x):
        z = self.encoder(x)
        return self.head(z), z


class ErrorRecorder:
    def __init__(self, emb):
        self.embeddings = torch.empty(0, emb, device=device)
        self._errors = []

    @property
    def errors(self):
        return torch.cat(self._errors)

    def on_batch_end(self, z, err):
        self.embeddings = torch.cat([self.embeddings, z.detach()])
        self._errors.append(err.detach())


def train(model, x, y, cfg, callbacks):
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    n_batches = math.ceil(len(x) / cfg.batch_size)
    for epoch in range(cfg.epochs):
        perm = torch.randperm(len(x))
        for b in range(n_batches):
            idx = perm[b * cfg.batch_size:(b + 1) * cfg.batch_size]
            pred, z = model(x[idx])
            loss = nn.functional.smooth_l1_loss(pred, y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            for cb in callbacks:
                cb.on_batch_end(z, pred - y[idx])
        head_w = model.head.weight.detach()
        print(f"epoch {epoch}: loss {loss.item():.3f}, head norm {head_w.norm():.3f}")


gen = torch.Generator().manual_seed(3)
x, y = synthetic_trips(TrainConfig.n_trips, gen)
cfg = TrainConfig()
model = EtaNet().to(device)
recorder = ErrorRecorder(64)
train(model, x.to(device), y.to(device), cfg, [recorder])
last = recorder.errors[-cfg.n_trips:].abs()
print(f"mean abs error, last epoch: {last.mean().item():.3f} min")
print(f"result: {last.sum().item() + recorder.embeddings.sum().item():.10e}")
