# ruff: noqa
"""Demand forecasting for a bakery chain: a small network predicts tomorrow's sales of each
product line per shop from calendar and weather features; during training a planning hook turns
every batch of forecasts into a flour order so the planners can watch it converge."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
FEATURES = 20


@dataclass
class FlourPlan:
    demand: torch.Tensor
    grams_per_unit: float = 310.0

    @property
    def total_kg(self):
        return self.demand.sum() * self.grams_per_unit / 1000.0


def make_sales(n, g):
    x = torch.randn(n, FEATURES, generator=g)
    w = torch.randn(FEATURES, generator=g) * 0.3
    y = torch.relu(40 + 12 * torch.tanh(x @ w) + 3 * torch.randn(n, generator=g))
    return x, y


class Forecaster(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(FEATURES, 64), nn.ReLU(), nn.Linear(64, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


def train(model, x, y, epochs, batch, on_batch):
    opt = torch.optim.SGD(model.parameters(), lr=1e-3, momentum=0.9)
    g = torch.Generator().manual_seed(4)
    epoch_losses = torch.empty(0)
    for epoch in range(epochs):
        order = torch.randperm(len(x), generator=g)
        running = torch.zeros(())
        for i in range(0, len(x), batch):
            idx = order[i:i + batch]
            pred = model(x[idx].to(device))
            loss = ((pred - y[idx].to(device)) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.detach()
            on_batch(pred.detach())
        epoch_losses = torch.cat([epoch_losses, running.reshape(1)])
    return epoch_losses


torch.manual_seed(0)
g = torch.Generator().manual_seed(0)
x, y = make_sales(40960, g)
model = Forecaster().to(device)
orders = []
losses = train(model, x, y, epochs=14, batch=4096,
               on_batch=lambda p: orders.append(float(FlourPlan(p).total_kg)))
print("loss per epoch:", [round(v, 1) for v in losses.tolist()])
print(f"last flour order: {orders[-1]:.1f} kg over {len(orders)} batches")
print(f"result: {sum(orders) + float(losses.sum()):.10e}")
