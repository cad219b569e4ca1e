# ruff: noqa
"""Tasting-panel model for a tea-blending company: each cup is described by its leaf mix, water
temperature, steep time and a chemistry assay; a small network learns the panel's scores
(sweetness, body, astringency, finish), and a validation callback tracks the error on held-out
cups after every epoch. Prints the per-attribute validation error."""
from dataclasses import dataclass, field
from typing import Callable, List

import numpy as np
import torch
from torch import nn

DEVICE = "cuda" if torch.cuda.is_available() else "cpu"
ATTRIBUTES = ["sweetness", "body", "astringency", "finish"]


@dataclass
class TrainConfig:
    epochs: int = 12
    batch_size: int = 128
    lr: float = 0.02
    hidden: int = 96


def make_cups(n, rng):
    leaf_mix = rng.dirichlet(np.ones(10), size=n)
    temp = rng.uniform(70, 100, size=(n, 1)) / 100.0
    steep = rng.uniform(1, 6, size=(n, 1)) / 6.0
    assay = rng.normal(0, 1, size=(n, 21))
    x = np.hstack([leaf_mix, temp, steep, assay]).astype(np.float32)
    w = rng.normal(0, 1, size=(x.shape[1], len(ATTRIBUTES))).astype(np.float32)
    y = np.tanh(x @ w * 0.5) + 0.05 * rng.normal(0, 1, size=(n, len(ATTRIBUTES)))
    return torch.from_numpy(x), torch.from_numpy(y.astype(np.float32))


class PanelNet(nn.Module):
    def __init__(self, n_in, hidden, n_out):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_in, hidden), nn.ReLU(),
                                 nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, n_out))

    def forward(self, x):
        return self.net(x)


@dataclass
class Trainer:
    model: nn.Module
    cfg: TrainConfig
    callbacks: List[Callable] = field(default_factory=list)

    def fit(self, x, y, gen):
        params = list(self.model.parameters())
        for epoch in range(self.cfg.epochs):
            order = torch.randperm(len(x), generator=gen)
            for start in range(0, len(x), self.cfg.batch_size):
                idx = order[start:start + self.cfg.batch_size]
                loss = nn.functional.mse_loss(self.model(x[idx]), y[idx])
                grads = torch.autograd.grad(loss, params)
                with torch.no_grad():
                    for p, g in zip(params, grads):
                        p -= self.cfg.lr * g
            for cb in self.callbacks:
                cb(self, epoch)


class ValidationTracker:
    def __init__(self, x_val, y_val):
        self.x_val, self.y_val = x_val, y_val
        self.errors = []

    def __call__(self, trainer, epoch):
        model = trainer.model
        with torch.no_grad():
            preds = model(self.x_val)
            err = (preds - self.y_val).abs().mean(dim=0)
            self.errors.append(err.clone())


rng = np.random.default_rng(8)
torch.manual_seed(8)
gen = torch.Generator().manual_seed(8)
x, y = make_cups(6000, rng)
x_val, y_val = make_cups(3000, rng)
cfg = TrainConfig()
model = PanelNet(x.shape[1], cfg.hidden, len(ATTRIBUTES)).to(DEVICE)
tracker = ValidationTracker(x_val, y_val)
trainer = Trainer(model, cfg, callbacks=[tracker])
trainer.fit(x, y, gen)

final = tracker.errors[-1]
for name, e in zip(ATTRIBUTES, final.tolist()):
    print(f"{name:>12}: mean abs error {e:.4f}")
drift = model.net[0].bias.detach().abs().sum()
print(f"result: {float(torch.stack(tracker.errors).sum() + drift):.10e}")
