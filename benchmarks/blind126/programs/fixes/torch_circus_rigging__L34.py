# ruff: noqa
"""Circus rigging load model: learns the tension in the trapeze rigging from the readings of
the load cells around the big top, training a small network batch by batch; a safety monitor
hooked into the trainer watches the most recent readings of every cell for overloads. Prints
the fitted loss and the number of alerts."""
from dataclasses import dataclass, field

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class RigConfig:
    n_cells: int = 48
    history: int = 60000
    batch: int = 256
    epochs: int = 5
    batches_per_epoch: int = 140
    overload: float = 3.2


class RigSafetyMonitor:
    """Trainer callback: checks the newest reading of every load cell after each batch."""

    def __init__(self, cfg):
        self.cfg = cfg
        self.alerts = 0
        self.peak = 0.0
        self.drift = []

    def on_batch_end(self, trainer, step):
        readings = trainer.sensor_bank
        newest = readings[(step * 37) % readings.shape[0]]
        peak = float(newest.abs().max())
        self.peak = max(self.peak, peak)
        if peak > self.cfg.overload:
            self.alerts += 1

    def on_epoch_end(self, trainer, epoch, loss):
        w = trainer.model[0].weight.detach().clone()
        self.drift.append(float(w.norm()))


class Trainer:
    def __init__(self, cfg, model, sensor_bank, tension, callbacks):
        self.cfg = cfg
        self.model = model
        self.sensor_bank = sensor_bank
        self.tension = tension
        self.callbacks = callbacks
        self.opt = torch.optim.Adam(model.parameters(), lr=2e-3)
        self.gen = torch.Generator().manual_seed(1)
        self.best = None
        self.best_loss = float("inf")

    def fit(self):
        step = 0
        for epoch in range(self.cfg.epochs):
            total = torch.zeros(())
            for _ in range(self.cfg.batches_per_epoch):
                idx = torch.randint(0, self.cfg.history, (self.cfg.batch,), generator=self.gen)
                x, y = self.sensor_bank[idx].to(device), self.tension[idx].to(device)
                loss = nn.functional.mse_loss(self.model(x).squeeze(-1), y)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                total += loss.detach().cpu()
                for cb in self.callbacks:
                    cb.on_batch_end(self, step)
                step += 1
            epoch_loss = float(total) / self.cfg.batches_per_epoch
            if epoch_loss < self.best_loss:
                self.best_loss = epoch_loss
                self.best = {k: v.clone() for k, v in self.model.state_dict().items()}
            for cb in self.callbacks:
                cb.on_epoch_end(self, epoch, epoch_loss)
        return self.best_loss


torch.manual_seed(0)
cfg = RigConfig()
sensor_bank = torch.randn(cfg.history, cfg.n_cells)
weights = torch.linspace(-1.0, 1.0, cfg.n_cells)
tension = torch.tanh(sensor_bank @ weights / 4.0) + 0.05 * torch.randn(cfg.history)
model = nn.Sequential(nn.Linear(cfg.n_cells, 64), nn.ReLU(), nn.Linear(64, 1)).to(device)
monitor = RigSafetyMonitor(cfg)
trainer = Trainer(cfg, model, sensor_bank, tension, [monitor])
best = trainer.fit()
print(f"best epoch loss {best:.6f}, alerts {monitor.alerts}, peak {monitor.peak:.3f}")
check = sum(float(v.double().sum()) for v in trainer.best.values())
print(f"result: {best + monitor.alerts + monitor.peak + check + sum(monitor.drift):.10e}")
