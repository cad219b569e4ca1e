# ruff: noqa
"""Lameness screening for a dairy herd from walk-over pressure-plate recordings: a small 1-D
convolutional classifier is trained on labelled gait windows, then every window recorded on the
parlour exit lane this month is scored and each cow's mean lameness risk is reported."""
import functools
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
WINDOW = 64
SENSORS = 4


@dataclass
class TrainConfig:
    epochs: int = 4
    batch: int = 128
    lr: float = 0.05
    n_train: int = 1280


class GaitNet(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(SENSORS, width, 5, padding=2), nn.ReLU(),
            nn.Conv1d(width, width, 5, padding=2), nn.ReLU(),
            nn.AdaptiveAvgPool1d(8),
        )
        self.head = nn.Sequential(nn.Flatten(), nn.Linear(width * 8, 32), nn.ReLU(), nn.Linear(32, 1))

    def forward(self, x):
        return self.head(self.features(x)).squeeze(-1)


def synth_gait(n, gen):
    t = torch.linspace(0, 6.28, WINDOW)
    lame = (torch.rand(n, generator=gen) < 0.25).float()
    phase = torch.rand(n, 1, 1, generator=gen) * 6.28
    asym = 1.0 + 0.4 * lame[:, None, None] * torch.tensor([1.0, -1.0, 0.5, -0.5])[None, :, None]
    x = asym * torch.sin(t[None, None, :] * 3 + phase) + 0.9 * torch.randn(n, SENSORS, WINDOW, generator=gen)
    return x, lame


def sgd_step(model, lr):
    with torch.no_grad():
        for p in model.parameters():
            p -= lr * p.grad


def train(model, cfg, gen):
    x, y = synth_gait(cfg.n_train, gen)
    loss_fn = nn.BCEWithLogitsLoss()
    history = []
    for epoch in range(cfg.epochs):
        perm = torch.randperm(cfg.n_train, generator=gen)
        running = torch.zeros(())
        for i in range(0, cfg.n_train, cfg.batch):
            idx = perm[i:i + cfg.batch]
            loss = loss_fn(model(x[idx].to(device)), y[idx].to(device))
            model.zero_grad()
            loss.backward()
            sgd_step(model, cfg.lr)
            running += loss.detach()
        history.append(running.item())
    return history


def risk_of(model, window):
    return torch.sigmoid(model(window.unsqueeze(0)))[0]


torch.manual_seed(0)
gen = torch.Generator().manual_seed(5)
cfg = TrainConfig()
model = GaitNet().to(device)
history = train(model, cfg, gen)
model.eval()
windows, _ = synth_gait(8000, gen)
cow_ids = torch.randint(0, 450, (8000,), generator=gen)
with torch.no_grad():
    score = functools.partial(risk_of, model)
    risks = torch.stack(list(map(score, windows.to(device)))).cpu()
per_cow = torch.zeros(450).index_add_(0, cow_ids, risks) / torch.bincount(cow_ids, minlength=450).clamp(min=1)
flagged = (per_cow > 0.5).sum().item()
print(f"losses {[round(h, 3) for h in history]}; cows flagged lame: {flagged}")
print(f"result: {per_cow.double().sum().item() + sum(history):.10e}")
