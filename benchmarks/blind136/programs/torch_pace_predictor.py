# ruff: noqa
"""Finish-time predictor for a marathon club: a small MLP is trained on members' training-log
features (weekly distance, long-run pace, recent 10k time, age) to predict marathon finish
time, then every entrant of the coming race gets a predicted finish and a start corral."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class TrainConfig:
    epochs: int = 10
    batch: int = 256
    lr: float = 0.05
    momentum: float = 0.9
    hidden: int = 64


class FinishModel(nn.Module):
    def __init__(self, n_in, hidden):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(n_in, hidden), nn.GELU(), nn.Linear(hidden, hidden), nn.GELU(),
            nn.Linear(hidden, 1),
        )

    def forward(self, x):
        return self.body(x).squeeze(-1)


def synth_logs(gen, n):
    weekly_km = torch.rand(n, generator=gen) * 90 + 20
    long_pace = torch.rand(n, generator=gen) * 120 + 260
    tenk = 0.92 * long_pace * 10 + torch.randn(n, generator=gen) * 60
    age = torch.rand(n, generator=gen) * 50 + 18
    x = torch.stack([weekly_km / 100, long_pace / 300, tenk / 3000, age / 60], 1)
    y = (4.7 * tenk - 6.0 * weekly_km + 30.0 * (age - 35).clamp(min=0)) / 3600
    return x, y + 0.05 * torch.randn(n, generator=gen)


def train(model, x, y, cfg, gen):
    params = list(model.parameters())
    velocity = [torch.zeros_like(p) for p in params]
    for epoch in range(cfg.epochs):
        perm = torch.randperm(len(x), generator=gen)
        running = torch.zeros(())
        for i in range(0, len(x), cfg.batch):
            idx = perm[i:i + cfg.batch]
            loss = nn.functional.mse_loss(model(x[idx]), y[idx])
            grads = torch.autograd.grad(loss, params)
            with torch.no_grad():
                for p, v, g in zip(params, velocity, grads):
                    v.mul_(cfg.momentum).add_(g)
                    p.sub_(cfg.lr * v)
            running += loss.detach() * len(idx)
        if epoch % 5 == 4:
            print(f"epoch {epoch + 1}: mse {running.item() / len(x):.5f}")
    return model


def assign_corrals(hours, bounds=(3.0, 3.5, 4.0, 4.5, 5.0)):
    return torch.bucketize(hours, torch.tensor(bounds))


torch.manual_seed(0)
gen = torch.Generator().manual_seed(1)
cfg = TrainConfig()
x, y = synth_logs(gen, 12000)
model = train(FinishModel(4, cfg.hidden).to(device), x.to(device), y.to(device), cfg, gen)
entrants, _ = synth_logs(gen, 16000)
entrants = entrants.to(device)
model.eval()
with torch.no_grad():
    predicted = torch.cat(list(map(lambda row: model(row.unsqueeze(0)), entrants)))
corrals = assign_corrals(predicted.cpu())
counts = torch.bincount(corrals, minlength=6)
print("corral sizes:", counts.tolist())
print(f"result: {float(predicted.double().sum()) + float(counts[0]):.10e}")
