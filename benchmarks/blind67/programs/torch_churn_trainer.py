"""Churn model training with evaluation callbacks (PyTorch).

A two-layer network predicts 30-day churn from 24 synthetic account features.  The trainer
runs mini-batch Adam and hands each batch's predictions to a list of callbacks (a running
precision meter and a loss logger).  Prints a checksum of the final weights and metrics.
"""
from dataclasses import dataclass, field

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


def synthetic_accounts(n, d, gen):
    x = torch.randn(n, d, generator=gen)
    w = torch.linspace(-1.0, 1.0, d)
    logit = x @ w + 0.5 * x[:, 0] * x[:, 1] - 0.8
    y = (torch.rand(n, generator=gen) < torch.sigmoid(logit)).float()
    return x, y


@dataclass
class PrecisionMeter:
    threshold: float = 0.5
    flagged: int = 0
    correct: int = 0

    def __call__(self, step, prob, y, loss):
        pred = prob > self.threshold
        self.flagged += int(pred.sum())
        self.correct += sum(pred & (y > 0.5))

    @property
    def value(self):
        return float(self.correct) / max(self.flagged, 1)


@dataclass
class LossLog:
    every: int = 200
    history: list = field(default_factory=list)

    def __call__(self, step, prob, y, loss):
        if step % self.every == 0:
            self.history.append(loss.item())


class Trainer:
    def __init__(self, model, callbacks, lr=3e-3):
        self.model, self.callbacks = model, callbacks
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.loss_fn = nn.BCEWithLogitsLoss()

    def epoch(self, x, y, batch, step0):
        perm = torch.randperm(len(x))
        step = step0
        for i in range(0, len(x), batch):
            idx = perm[i:i + batch]
            xb, yb = x[idx], y[idx]
            logits = self.model(xb).squeeze(1)
            loss = self.loss_fn(logits, yb)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            prob = torch.sigmoid(logits.detach())
            for cb in self.callbacks:
                cb(step, prob, yb, loss)
            step += 1
        return step


def main():
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(5)
    x, y = synthetic_accounts(60000, 24, gen)
    model = nn.Sequential(nn.Linear(24, 32), nn.ReLU(), nn.Linear(32, 1)).to(device)
    meter, log = PrecisionMeter(), LossLog()
    trainer = Trainer(model, [meter, log])
    step = 0
    for _ in range(6):
        step = trainer.epoch(x.to(device), y.to(device), batch=1024, step0=step)
    wsum = sum(p.double().sum().item() for p in model.parameters())
    print("result:", round(wsum + meter.value + sum(log.history), 6))


if __name__ == "__main__":
    main()
