# ruff: noqa
"""Learns the tuning correction of a carillon bell from its profile: a small MLP maps profile
measurements (wall thickness at eight heights, lip diameter, weight) to the cents each of the
five principal partials must move. Trained on synthetic foundry records, then used to screen a
catalogue of candidate profiles for the bells that need the least turning."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
PARTIALS = ("hum", "prime", "tierce", "quint", "nominal")


@dataclass
class TrainConfig:
    epochs: int = 4
    batch: int = 256
    lr: float = 0.05
    records: int = 2000
    catalogue: int = 12000


class CorrectionNet(nn.Module):
    def __init__(self, n_in=10, width=96):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(n_in, width), nn.GELU(), nn.Linear(width, width), nn.GELU(),
            nn.Linear(width, len(PARTIALS)),
        )

    def forward(self, x):
        return self.body(x)


def foundry_records(n, gen):
    x = torch.randn(n, 10, generator=gen)
    w = torch.randn(10, 5, generator=gen) * 0.6
    y = torch.tanh(x @ w) * 20.0 + 0.5 * torch.randn(n, 5, generator=gen)
    return x, y


def train(model, x, y, cfg, gen):
    params = list(model.parameters())
    totals = []
    for epoch in range(cfg.epochs):
        perm = torch.randperm(x.shape[0], generator=gen)
        total = torch.zeros(())
        for i in range(0, x.shape[0], cfg.batch):
            idx = perm[i:i + cfg.batch]
            loss = nn.functional.mse_loss(model(x[idx].to(device)), y[idx].to(device))
            grads = torch.autograd.grad(loss, params)
            with torch.no_grad():
                for prm, g in zip(params, grads):
                    prm -= cfg.lr * g
            total += loss.detach().cpu() * idx.numel()
        totals.append(total)
    for epoch, v in enumerate(torch.stack(totals).tolist()):
        print(f"epoch {epoch:2d}  mse {v / x.shape[0]:.4f}")


def turning_effort(pred):
    return pred.abs().sum(-1)


class Screener:
    def __init__(self, model):
        self.model = model

    def predict_one(self, profile):
        return self.model(profile.unsqueeze(0).to(device))[0]

    def screen(self, profiles):
        with torch.no_grad():
            preds = torch.stack(list(map(self.predict_one, profiles)))
        return turning_effort(preds).cpu()


torch.manual_seed(0)
gen = torch.Generator().manual_seed(148)
cfg = TrainConfig()
x, y = foundry_records(cfg.records, gen)
model = CorrectionNet().to(device)
train(model, x, y, cfg, gen)
catalogue = torch.randn(cfg.catalogue, 10, generator=gen)
effort = Screener(model).screen(catalogue)
best = torch.argsort(effort)[:5]
for i in best.tolist():
    print(f"profile {i:5d}: {effort[i].item():.3f} cents to turn")
print(f"result: {effort.double().sum().item():.10e}")
