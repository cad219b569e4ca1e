# ruff: noqa
"""Neural storm-surge emulator: a small MLP is trained on synthetic storm parameters (central
pressure, forward speed, heading, landfall offset, radius of maximum wind) against a parametric
surge formula, then scores a catalogue of synthetic storms for a coastal town and reports the
return level of the worst surges."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class TrainConfig:
    epochs: int = 4
    batch: int = 256
    n_train: int = 4096
    lr: float = 3e-3


def storm_features(n, gen):
    pressure = 900.0 + 80.0 * torch.rand(n, generator=gen)
    speed = 2.0 + 10.0 * torch.rand(n, generator=gen)
    heading = 2.0 * torch.pi * torch.rand(n, generator=gen)
    offset = 60.0 * torch.randn(n, generator=gen)
    rmax = 15.0 + 40.0 * torch.rand(n, generator=gen)
    return torch.stack([(1013.0 - pressure) / 50.0, speed / 6.0, torch.cos(heading),
                        torch.sin(heading), offset / 60.0, rmax / 30.0], 1)


def parametric_surge(x):
    dp, v, c, s, off, r = x.unbind(1)
    return dp * (1.0 + 0.3 * c) * torch.exp(-0.5 * (off / (0.5 + r)) ** 2) + 0.1 * v * s


class Emulator(nn.Module):
    def __init__(self, width=48):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(6, width), nn.Tanh(), nn.Linear(width, width),
                                  nn.Tanh(), nn.Linear(width, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)


def train(model, cfg, gen):
    x = storm_features(cfg.n_train, gen).to(device)
    y = parametric_surge(x)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for epoch in range(cfg.epochs):
        perm = torch.randperm(cfg.n_train, generator=gen)
        total = torch.zeros((), device=device)
        for i in range(0, cfg.n_train, cfg.batch):
            idx = perm[i : i + cfg.batch]
            loss = ((model(x[idx]) - y[idx]) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.detach()
        print(f"epoch {epoch}: loss {total.item() / (cfg.n_train // cfg.batch):.4f}")
    return model


class Catalogue:
    def __init__(self, n, gen):
        self.storms = storm_features(n, gen).to(device)

    def score(self, model):
        with torch.no_grad():
            surges = model(self.storms)
        return surges


torch.manual_seed(0)
gen = torch.Generator().manual_seed(1)
model = train(Emulator().to(device), TrainConfig(), gen)
cat = Catalogue(36000, gen)
surges = cat.score(model)
top = torch.sort(surges, descending=True).values
print(f"100-yr surge (emulated): {top[300].item():.3f} m")
print(f"result: {float(surges.double().sum()) + float(top[:50].double().sum()):.10e}")
