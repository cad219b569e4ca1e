# ruff: noqa
"""Violin workshop plate tuning: learns to predict a carved top or back plate's mode-2 and
mode-5 frequencies (Hz) from its tap-tone spectrum and thickness map summary, training a small
network on synthetic plates and tracking the validation error with epoch callbacks."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class TrainConfig:
    epochs: int = 6
    batch_size: int = 256
    lr: float = 2e-3
    n_bins: int = 96
    n_train: int = 2400
    n_val: int = 2600


def synth_plates(n: int, n_bins: int, gen: torch.Generator):
    """Tap spectra with two resonances whose positions depend on stiffness and thickness."""
    stiff = torch.rand(n, generator=gen) * 0.6 + 0.7
    thick = torch.rand(n, generator=gen) * 1.2 + 2.4
    arch = torch.rand(n, generator=gen)
    f2 = 150.0 + 90.0 * stiff * thick / 3.0 + 10.0 * arch
    f5 = 300.0 + 120.0 * stiff + 25.0 * thick - 8.0 * arch
    freqs = torch.linspace(80.0, 520.0, n_bins)
    spec = torch.exp(-((freqs - f2[:, None]) / 12.0) ** 2)
    spec = spec + 0.7 * torch.exp(-((freqs - f5[:, None]) / 15.0) ** 2)
    spec = spec + 0.05 * torch.randn(n, n_bins, generator=gen)
    x = torch.cat([spec, thick[:, None] / 3.0, arch[:, None]], 1)
    y = torch.stack([f2, f5], 1) / 300.0
    return x, y


class PlateNet(nn.Module):
    def __init__(self, n_in: int):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_in, 128), nn.GELU(), nn.Linear(128, 64), nn.GELU(),
                                  nn.Linear(64, 2))

    def forward(self, x):
        return self.body(x)


class ValidationProbe:
    """Epoch callback: the mean absolute error of the predicted mode frequencies, in Hz."""

    def __init__(self, plates, targets):
        self.plates, self.targets = plates, targets
        self.errors = []

    def __call__(self, trainer, epoch):
        model = trainer.model
        with torch.no_grad():
            preds = model(self.plates)
        err = (preds - self.targets).abs().mean() * 300.0
        self.errors.append(err)


class Trainer:
    def __init__(self, model, cfg: TrainConfig, callbacks=()):
        self.model, self.cfg = model, cfg
        self.opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
        self.callbacks = list(callbacks)
        self.history = []

    def fit(self, x, y, gen):
        for epoch in range(self.cfg.epochs):
            order = torch.randperm(len(x), generator=gen)
            total = torch.zeros(())
            for start in range(0, len(x), self.cfg.batch_size):
                idx = order[start:start + self.cfg.batch_size]
                loss = nn.functional.mse_loss(self.model(x[idx]), y[idx])
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                total = total + loss.detach() * len(idx)
            self.history.append(total.item() / len(x))
            for cb in self.callbacks:
                cb(self, epoch)


def main():
    cfg = TrainConfig()
    gen = torch.Generator().manual_seed(1716)
    torch.manual_seed(1716)
    x, y = synth_plates(cfg.n_train, cfg.n_bins, gen)
    xv, yv = synth_plates(cfg.n_val, cfg.n_bins, gen)
    model = PlateNet(x.shape[1]).to(device)
    probe = ValidationProbe(xv.to(device), yv.to(device))
    trainer = Trainer(model, cfg, callbacks=[probe])
    trainer.fit(x.to(device), y.to(device), gen)
    errs = [float(e) for e in probe.errors]
    print(f"train loss {trainer.history[0]:.5f} -> {trainer.history[-1]:.5f}")
    print(f"validation MAE {errs[0]:.2f} Hz -> {errs[-1]:.2f} Hz")
    print(f"result: {sum(errs) + sum(trainer.history):.10e}")


if __name__ == "__main__":
    main()
