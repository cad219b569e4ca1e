# ruff: noqa
"""Line-tension model for a kite-surfing school: from windows of board telemetry (wind speed,
gusts, kite angle, rider speed...) a small network learns the tension on the kite's lines, so
that instructors can pick a kite size. Trains for a few epochs with an end-of-epoch validation
callback and prints the validation error of the last epoch."""
from dataclasses import dataclass, field
from typing import Callable

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_FEATURES = 24


@dataclass
class TrainConfig:
    epochs: int = 8
    batch_size: int = 256
    lr: float = 2e-3
    callbacks: list = field(default_factory=list)


class TensionNet(nn.Module):
    def __init__(self, width=64, depth=4):
        super().__init__()
        self.velocity = {}
        layers = [nn.Linear(N_FEATURES, width), nn.SiLU()]
        for _ in range(depth):
            layers += [nn.Linear(width, width), nn.SiLU()]
        self.body = nn.Sequential(*layers, nn.Linear(width, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)


def synthetic_sessions(n, gen):
    x = torch.randn(n, N_FEATURES, generator=gen)
    wind = x[:, 0].abs() * 8.0 + 12.0
    y = 0.04 * wind ** 2 * (1.0 + 0.3 * torch.tanh(x[:, 3])) + 0.1 * torch.randn(n, generator=gen)
    return x, y


class ValidationCallback:
    def __init__(self, model, x_val, y_val):
        self.model = model
        self.x_val = x_val
        self.y_val = y_val
        self.history = []

    def predict(self, x):
        with torch.no_grad():
            return torch.stack(list(map(self.model, x)))

    def __call__(self, epoch, last_loss):
        pred = self.predict(self.x_val)
        mae = (pred - self.y_val).abs().mean()
        self.history.append(float(mae))
        print(f"epoch {epoch}: train loss {last_loss.item():.4f}, val mae {self.history[-1]:.4f}")


def sgd_step(model, lr, momentum=0.9):
    with torch.no_grad():
        for p in model.parameters():
            buf = model.velocity.setdefault(p, torch.zeros_like(p))
            buf.mul_(momentum).add_(p.grad)
            p.sub_(lr * buf)


def fit(model, x, y, cfg, gen):
    for epoch in range(cfg.epochs):
        perm = torch.randperm(len(x), generator=gen)
        for start in range(0, len(x), cfg.batch_size):
            idx = perm[start: start + cfg.batch_size]
            loss = nn.functional.mse_loss(model(x[idx]), y[idx])
            model.zero_grad()
            loss.backward()
            sgd_step(model, cfg.lr)
        for cb in cfg.callbacks:
            cb(epoch, loss.detach())
    return model


torch.manual_seed(0)
gen = torch.Generator().manual_seed(42)
x_train, y_train = synthetic_sessions(8000, gen)
x_val, y_val = synthetic_sessions(3000, gen)
x_train, y_train, x_val, y_val = (t.to(device) for t in (x_train, y_train, x_val, y_val))
model = TensionNet().to(device)
validate = ValidationCallback(model, x_val, y_val)
fit(model, x_train, y_train, TrainConfig(callbacks=[validate]), gen)
print(f"result: {sum(validate.history):.10e}")
