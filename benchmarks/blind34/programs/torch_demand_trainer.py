# ruff: noqa
"""Training of a small feed-forward demand forecaster on synthetic store/day features with a
minimal Trainer class: mini-batch Adam on a Huber loss, callbacks for metrics (mean absolute
error per batch) and learning-rate decay, and a final validation report."""
from dataclasses import dataclass, field

import torch
import torch.nn as nn

torch.manual_seed(0)
torch.set_num_threads(1)


def make_data(n, d, gen):
    x = torch.randn(n, d, generator=gen)
    w = torch.randn(d, generator=gen) / d ** 0.5
    season = torch.sin(x[:, 0] * 3.0) + 0.5 * torch.cos(x[:, 1] * 2.0)
    y = 10.0 + x @ w + season + 0.1 * torch.randn(n, generator=gen)
    return x, y


@dataclass
class History:
    mae: list = field(default_factory=list)
    loss: list = field(default_factory=list)


class MAEMeter:
    def __init__(self, history):
        self.history = history

    def __call__(self, pred, target, loss):
        errors = (pred.detach() - target).abs()
        self.history.mae.append(float(sum(errors)) / len(errors))


class StepDecay:
    def __init__(self, opt, every, factor):
        self.opt, self.every, self.factor, self.steps = opt, every, factor, 0

    def __call__(self, pred, target, loss):
        self.steps += 1
        if self.steps % self.every == 0:
            for group in self.opt.param_groups:
                group["lr"] *= self.factor


class Trainer:
    def __init__(self, model, opt, callbacks=()):
        self.model, self.opt, self.callbacks = model, opt, list(callbacks)
        self.loss_fn = nn.HuberLoss()

    def fit(self, x, y, epochs, batch_size, gen):
        for epoch in range(epochs):
            order = torch.randperm(x.shape[0], generator=gen)
            for i in range(0, x.shape[0], batch_size):
                idx = order[i:i + batch_size]
                pred = self.model(x[idx]).squeeze(1)
                loss = self.loss_fn(pred, y[idx])
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                for cb in self.callbacks:
                    cb(pred, y[idx], loss)


gen = torch.Generator().manual_seed(2)
x, y = make_data(60000, 16, gen)
xv, yv = make_data(4000, 16, gen)
model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 1))
opt = torch.optim.Adam(model.parameters(), lr=3e-3)
hist = History()
trainer = Trainer(model, opt, [MAEMeter(hist), StepDecay(opt, every=100, factor=0.7)])
trainer.fit(x, y, epochs=8, batch_size=2048, gen=gen)
with torch.no_grad():
    val_mae = (model(xv).squeeze(1) - yv).abs().mean().item()
print(f"{len(hist.mae)} steps, last train MAE {hist.mae[-1]:.4f}, validation MAE {val_mae:.4f}")
print(f"result: {sum(hist.mae) + val_mae:.10e}")
