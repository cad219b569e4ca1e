# ruff: noqa
"""Fragmentation model for a limestone quarry's blasts: a small network learns the fragment-size
quantiles (P10..P80) of a muck pile from the blast design (burden, spacing, stemming, charge per
hole, rock hardness...), trained on synthetic blast records with a callback-driven trainer that
keeps the epoch's predictions for a calibration summary."""
from dataclasses import dataclass, field

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
QUANTILES = torch.tensor([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8])


@dataclass
class TrainConfig:
    epochs: int = 2
    batch: int = 32
    lr: float = 2e-2
    n_blasts: int = 24_000
    seed: int = 5


def synthetic_blasts(n, gen):
    design = torch.rand(n, 6, generator=gen)
    burden, spacing, stemming, charge, hardness, water = design.unbind(1)
    x50 = 0.2 + 0.6 * burden * spacing / (0.3 + charge) + 0.3 * hardness - 0.1 * water
    spread = 0.8 + 0.4 * stemming
    sizes = x50[:, None] * (-torch.log1p(-QUANTILES[None, :])) ** (1.0 / spread[:, None])
    sizes = sizes + 0.01 * torch.randn(n, len(QUANTILES), generator=gen)
    return design, sizes


class FragNet(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(6, width), nn.GELU(), nn.Linear(width, width), nn.GELU(),
            nn.Linear(width, len(QUANTILES)),
        )

    def forward(self, x):
        return nn.functional.softplus(self.body(x))


class BlastRecorder:
    """Keeps every batch's design, prediction and target for the calibration summary."""

    def __init__(self, n_design=6):
        self.records = torch.empty(0, n_design + 2 * len(QUANTILES))
        self.bias = []

    def on_epoch_start(self, epoch):
        pass

    def on_batch_end(self, step, xb, out, target):
        row = torch.cat([xb, out.detach(), target], 1).cpu()
        self.records = torch.cat([self.records, row])

    def on_epoch_end(self, epoch, targets):
        last = self.records[-len(targets) :]
        preds = last[:, 6 : 6 + len(QUANTILES)]
        self.bias.append((preds - targets).mean(0))


class LossLogger:
    def __init__(self):
        self.history = []
        self.running = torch.zeros(())

    def on_epoch_start(self, epoch):
        self.running = torch.zeros(())

    def on_batch_end(self, step, xb, out, target):
        self.running += nn.functional.l1_loss(out.detach(), target.detach())

    def on_epoch_end(self, epoch, targets):
        self.history.append(self.running)


@dataclass
class Trainer:
    model: nn.Module
    cfg: TrainConfig
    callbacks: list = field(default_factory=list)

    def fire(self, hook, *args):
        for cb in self.callbacks:
            getattr(cb, hook)(*args)

    def fit(self, x, y):
        opt = torch.optim.SGD(self.model.parameters(), lr=self.cfg.lr, momentum=0.9)
        for epoch in range(self.cfg.epochs):
            self.fire("on_epoch_start", epoch)
            for step, start in enumerate(range(0, len(x), self.cfg.batch)):
                xb = x[start : start + self.cfg.batch].to(device)
                yb = y[start : start + self.cfg.batch].to(device)
                out = self.model(xb)
                loss = nn.functional.l1_loss(out, yb)
                opt.zero_grad()
                loss.backward()
                opt.step()
                self.fire("on_batch_end", step, xb, out, yb)
            self.fire("on_epoch_end", epoch, y)


cfg = TrainConfig()
torch.manual_seed(cfg.seed)
gen = torch.Generator().manual_seed(cfg.seed)
x, y = synthetic_blasts(cfg.n_blasts, gen)
recorder, logger = BlastRecorder(), LossLogger()
trainer = Trainer(FragNet().to(device), cfg, [recorder, logger])
trainer.fit(x, y)
bias = recorder.bias[-1]
logger.history = torch.stack(logger.history).tolist()
print("epoch L1:", ", ".join(f"{h:.4f}" for h in logger.history))
print("final bias per quantile:", [round(float(b), 4) for b in bias])
print(f"result: {float(recorder.records[:, 6:].sum()) + sum(logger.history) + float(bias.abs().sum()):.10e}")
