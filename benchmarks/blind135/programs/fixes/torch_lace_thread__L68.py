# ruff: noqa
"""Thread-consumption model for a lace guild's pattern archive: trains a small MLP that
predicts how many metres of linen thread a pattern takes from its pricking features (pairs,
pins, ground type, edge length), with a callback that adds the guild's thread-cost table as a
penalty on the output layer, and reports the validation error per epoch."""
from dataclasses import dataclass

import numpy as np
import torch
from torch import nn

DEVICE = "cuda" if torch.cuda.is_available() else "cpu"
N_FEATURES = 24
HIDDEN = 192

# guild price list: cost weight of each hidden unit's contribution, per thread weight class
COST_ROWS = [[round(0.01 * ((i * 7 + j * 3) % 11) + 0.001 * i, 4) for j in range(HIDDEN)]
             for i in range(HIDDEN)]


@dataclass
class TrainConfig:
    epochs: int = 3
    batch: int = 128
    lr: float = 1e-3
    penalty: float = 1e-4


class ThreadCostPenalty:
    """Callback: penalises hidden weights by the guild's cost table after every batch."""

    def __init__(self, rows, strength):
        self.rows = rows
        self.strength = strength

    def __call__(self, model, loss):
        table = torch.tensor(self.rows, dtype=torch.float32, device=DEVICE)
        w = model[2].weight
        return loss + self.strength * (table * w * w).sum()


def make_archive(n, rng):
    x = rng.normal(size=(n, N_FEATURES)).astype(np.float32)
    coef = rng.normal(size=N_FEATURES).astype(np.float32)
    y = np.abs(x @ coef) * 3.0 + 10.0 + rng.normal(scale=0.5, size=n).astype(np.float32)
    return torch.from_numpy(x), torch.from_numpy(y.astype(np.float32))


def fit(model, x, y, xv, yv, cfg, callbacks):
    params = list(model.parameters())
    gen = torch.Generator().manual_seed(3)
    history = []
    for epoch in range(cfg.epochs):
        order = torch.randperm(len(x), generator=gen)
        for start in range(0, len(x), cfg.batch):
            idx = order[start:start + cfg.batch]
            pred = model(x[idx]).squeeze(1)
            loss = nn.functional.mse_loss(pred, y[idx])
            for cb in callbacks:
                loss = cb(model, loss)
            for p in params:
                p.grad = None
            loss.backward()
            with torch.no_grad():
                for p in params:
                    p -= cfg.lr * p.grad
        with torch.no_grad():
            val = nn.functional.mse_loss(model(xv).squeeze(1), yv)
        history.append(val)
    history = torch.stack(history).tolist()
    for epoch, val in enumerate(history):
        print(f"epoch {epoch}: validation mse {val:.4f}")
    return history


torch.manual_seed(0)
torch.set_num_threads(1)
rng = np.random.default_rng(2)
x, y = make_archive(12_000, rng)
xv, yv = make_archive(2_000, rng)
model = nn.Sequential(nn.Linear(N_FEATURES, HIDDEN), nn.ReLU(), nn.Linear(HIDDEN, HIDDEN),
                      nn.ReLU(), nn.Linear(HIDDEN, 1)).to(DEVICE)
cfg = TrainConfig()
history = fit(model, x.to(DEVICE), y.to(DEVICE), xv.to(DEVICE), yv.to(DEVICE), cfg,
              [ThreadCostPenalty(COST_ROWS, cfg.penalty)])
with torch.no_grad():
    checksum = sum(float(p.double().sum()) for p in model.parameters()) + sum(history)
print(f"result: {checksum:.10e}")
