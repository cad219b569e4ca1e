# ruff: noqa
"""Trains a small MLP forecaster on sliding windows of synthetic multi-seasonal load curves
(daily and weekly cycles plus noise), with an end-of-epoch validation hook that reports the
mean absolute error of every validation window's next-day forecast."""
from functools import partial

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
LOOKBACK, HORIZON = 96, 24


def make_series(n_series, length, gen):
    t = torch.arange(length, dtype=torch.float32)
    daily = torch.sin(2 * torch.pi * t / 24 + torch.rand(n_series, 1, generator=gen) * 6)
    weekly = 0.5 * torch.sin(2 * torch.pi * t / 168 + torch.rand(n_series, 1, generator=gen) * 6)
    noise = 0.1 * torch.randn(n_series, length, generator=gen)
    return 3.0 + daily + weekly + noise


def windows(series, stride):
    w = series.unfold(1, LOOKBACK + HORIZON, stride).reshape(-1, LOOKBACK + HORIZON)
    return w[:, :LOOKBACK].contiguous(), w[:, LOOKBACK:].contiguous()


class Forecaster(nn.Module):
    def __init__(self, hidden=128):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(LOOKBACK, hidden), nn.GELU(),
                                  nn.Linear(hidden, hidden), nn.GELU(), nn.Linear(hidden, HORIZON))

    def forward(self, x):
        scale = x.mean(dim=-1, keepdim=True)
        return scale * (1.0 + self.body(x / scale - 1.0))


@torch.no_grad()
def validation_mae(model, inputs, targets, log):
    preds = torch.stack([model(x) for x in inputs])
    mae = (preds - targets).abs().mean()
    log.append(mae)
    return mae


class Trainer:
    def __init__(self, model, lr, hooks):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.hooks = hooks

    def fit(self, x, y, epochs, batch, gen):
        losses = []
        for epoch in range(epochs):
            perm = torch.randperm(len(x), generator=gen)
            total = torch.zeros(())
            for k in range(0, len(x), batch):
                idx = perm[k:k + batch]
                loss = nn.functional.l1_loss(self.model(x[idx]), y[idx])
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                total += loss.detach()
            losses.append(total)
            for hook in self.hooks:
                hook(self.model)
        return [t.item() for t in losses]


gen = torch.Generator().manual_seed(0)
torch.manual_seed(0)
series = make_series(64, 24 * 7 * 6, gen).to(device)
train_x, train_y = windows(series[:, : 24 * 7 * 4], 6)
val_x, val_y = windows(series[:, 24 * 7 * 4:], 3)
model = Forecaster().to(device)
val_log = []
trainer = Trainer(model, 2e-3, [partial(validation_mae, inputs=val_x, targets=val_y, log=val_log)])
losses = trainer.fit(train_x, train_y, epochs=5, batch=256, gen=gen)
print("train windows", len(train_x), "val windows", len(val_x))
print("epoch losses", [round(v, 4) for v in losses])
print("result:", float(torch.stack(val_log).sum()) + sum(losses))
