# ruff: noqa
"""Surrogate model for a wind-tunnel test campaign: an MLP learns the drag and lift
coefficients of a family of car-body models from their geometry and flow settings (synthetic
campaign data). A validation hook runs after every epoch and reports the error on held-out
configurations; training stops early when that error stops improving."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class CampaignConfig:
    n_train: int = 4096
    n_val: int = 1500
    epochs: int = 14
    batch: int = 128
    lr: float = 3e-3
    patience: int = 4


def campaign_data(n, gen):
    geom = torch.rand(n, 6, generator=gen)
    flow = torch.rand(n, 2, generator=gen)
    x = torch.cat([geom, flow], 1)
    re = 1e5 + 9e5 * flow[:, 0]
    cd = 0.25 + 0.2 * geom[:, 0] ** 2 - 0.05 * torch.log10(re) / 6 + 0.03 * torch.sin(6 * geom[:, 1])
    cl = 0.4 * geom[:, 2] - 0.2 * geom[:, 3] * flow[:, 1] + 0.05 * geom[:, 4] * geom[:, 5]
    y = torch.stack([cd, cl], 1) + 0.005 * torch.randn(n, 2, generator=gen)
    return x, y


class Surrogate(nn.Module):
    def __init__(self, width=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(8, width), nn.SiLU(), nn.Linear(width, width), nn.SiLU(), nn.Linear(width, 2))

    def forward(self, x):
        return self.net(x)


class ValidationHook:
    def __init__(self, features, targets):
        self.features = features
        self.targets = targets
        self.history = []

    def __call__(self, model, epoch):
        model.eval()
        with torch.no_grad():
            preds = model(self.features)
            err = (preds - self.targets).abs().mean(0)
        model.train()
        self.history.append(err)
        return err.sum()


def train(model, data, cfg, hooks):
    x, y = data
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    gen = torch.Generator().manual_seed(1)
    best, stale = float("inf"), 0
    for epoch in range(cfg.epochs):
        order = torch.randperm(len(x), generator=gen)
        total = torch.zeros(())
        for i in range(0, len(x), cfg.batch):
            idx = order[i : i + cfg.batch]
            loss = nn.functional.mse_loss(model(x[idx]), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.detach()
        score = sum(hook(model, epoch) for hook in hooks)
        print(f"epoch {epoch:2d} train {total.item() / (len(x) // cfg.batch):.5f} val {float(score):.5f}")
        if score < best - 1e-5:
            best, stale = float(score), 0
        else:
            stale += 1
            if stale >= cfg.patience:
                break
    return best


torch.manual_seed(0)
cfg = CampaignConfig()
gen = torch.Generator().manual_seed(42)
train_data = campaign_data(cfg.n_train, gen)
val_x, val_y = campaign_data(cfg.n_val, gen)
model = Surrogate().to(device)
hook = ValidationHook(val_x.to(device), val_y.to(device))
best = train(model, tuple(t.to(device) for t in train_data), cfg, [hook])
final = torch.stack(hook.history).sum()
print(f"result: {best + float(final):.10e}")
