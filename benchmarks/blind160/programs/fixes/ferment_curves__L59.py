"""Fermentation curves for the press house: every tank's hydrometer log is fitted with a
logistic gravity drop (start, finish, rate, midpoint) so the cellar knows when to rack."""
from dataclasses import dataclass

import numpy as np
import torch


@dataclass
class CellarConfig:
    tanks: int = 1500
    days: int = 30
    readings_per_day: int = 48
    steps: int = 40
    lr: float = 0.1
    seed: int = 11


class LogisticGravity(torch.nn.Module):
    """gravity points(t) = finish + (start - finish) / (1 + exp(rate * (t - mid)))"""

    def __init__(self, tanks):
        super().__init__()
        self.start = torch.nn.Parameter(torch.full((tanks, 1), 55.0))
        self.finish = torch.nn.Parameter(torch.full((tanks, 1), 0.0))
        self.log_rate = torch.nn.Parameter(torch.full((tanks, 1), -0.7))
        self.mid = torch.nn.Parameter(torch.full((tanks, 1), 10.0))

    def forward(self, t):
        drop = torch.sigmoid(self.log_rate.exp() * (t - self.mid))
        return self.finish + (self.start - self.finish) * (1.0 - drop)


def hydrometer_schedule(cfg):
    # the cellar hands take readings every half hour; the log stores hours since pitching
    return np.arange(cfg.days * cfg.readings_per_day) / cfg.readings_per_day


def simulate_tanks(cfg, t):
    g = torch.Generator().manual_seed(cfg.seed)
    n = cfg.tanks
    start = 1.045 + 0.02 * torch.rand(n, 1, generator=g)
    finish = 0.996 + 0.008 * torch.rand(n, 1, generator=g)
    rate = 0.3 + 0.4 * torch.rand(n, 1, generator=g)
    mid = 6.0 + 10.0 * torch.rand(n, 1, generator=g)
    clean = finish + (start - finish) * torch.sigmoid(-rate * (t.float() - mid))
    misread = (torch.rand(clean.shape, generator=g) < 0.01) * 0.004
    return clean + 0.0015 * torch.randn(clean.shape, generator=g) + misread


def fit(cfg, t, sg):
    model = LogisticGravity(cfg.tanks)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    history = []
    points = (sg - 1.0) * 1000.0  # SG 1.050 is 50 gravity points

    weights = torch.tensor([1.0, 0.5])  # morning / evening reading weight

    def closure():
        opt.zero_grad()
        resid = model(t) - points
        # Cauchy loss: a bubble on the hydrometer or a misread log line should not drag the fit
        loss = torch.log1p((resid / 1.5) ** 2).mean() * weights[0]
        loss.backward()
        return loss

    for step in range(cfg.steps):
        loss = opt.step(closure)
        if step % 10 == 0:
            history.append(loss.detach())
    return model, torch.stack(history)


def main():
    cfg = CellarConfig()
    torch.manual_seed(cfg.seed)
    t = torch.as_tensor(hydrometer_schedule(cfg))
    sg = simulate_tanks(cfg, t)
    model, history = fit(cfg, t, sg)
    with torch.no_grad():
        finish = 1.0 + model.finish.squeeze(1) / 1000.0
        ready = finish < 1.002
        abv = (model.start - model.finish).squeeze(1) * 0.13125
    result = float(abv.mean()) + float(ready.float().mean()) + float(history[-1]) * 1e-3
    print(f"result: {result:.10f}")


if __name__ == "__main__":
    main()
