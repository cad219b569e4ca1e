# ruff: noqa
"""Fermentation monitor for a winery's tank hall: simulates sugar, ethanol, yeast and must
temperature in a grid of fermenting lots with Monod kinetics and a glycol cooling controller,
and reports when each tank reaches dryness."""
from dataclasses import dataclass

import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class HallConfig:
    n_tanks: int = 16
    lots_per_tank: int = 30000
    hours: int = 100
    dt: float = 1.0
    setpoint: float = 16.0


def make_cooling(cfg):
    gains = torch.tensor(np.linspace(0.05, 0.2, cfg.n_tanks), dtype=torch.float32).repeat_interleave(cfg.lots_per_tank)

    def cooling(temp):
        return gains.to(temp.device) * (temp - cfg.setpoint)

    return cooling


def kinetics(sugar, yeast, ethanol, temp):
    mu = 0.25 * sugar / (sugar + 10.0) * torch.exp(0.06 * (temp - 20.0)) * (1.0 - ethanol / 140.0).clamp(min=0)
    growth = mu * yeast
    return growth, 2.1 * growth, 0.9 * growth


def run_hall(cfg, hooks, gen):
    n = cfg.n_tanks * cfg.lots_per_tank
    sugar = 200.0 + 20.0 * torch.rand(n, generator=gen)
    yeast = 0.5 + 0.1 * torch.rand(n, generator=gen)
    ethanol = torch.zeros(n)
    temp = 18.0 + torch.rand(n, generator=gen)
    sugar, yeast, ethanol, temp = (t.to(device) for t in (sugar, yeast, ethanol, temp))
    log = []
    for hour in range(cfg.hours):
        growth, used, made = kinetics(sugar, yeast, ethanol, temp)
        sugar = (sugar - cfg.dt * used).clamp(min=0.0)
        ethanol = ethanol + cfg.dt * made
        yeast = yeast + cfg.dt * (growth - 0.01 * yeast)
        temp = temp + cfg.dt * (0.04 * used - hooks["cooling"](temp))
        if hour % 20 == 0:
            snapshot = temp[:: cfg.lots_per_tank].clone()
            log.append(snapshot.mean())
    return sugar, ethanol, temp, log


gen = torch.Generator().manual_seed(17)
cfg = HallConfig()
hooks = {"cooling": make_cooling(cfg)}
sugar, ethanol, temp, log = run_hall(cfg, hooks, gen)
dry = (sugar.reshape(cfg.n_tanks, -1) < 2.0).float().mean(dim=1)
for t in range(0, cfg.n_tanks, 4):
    print(f"tank {t:02d}: {100 * dry[t]:.1f}% of lots dry")
print(f"result: {float(ethanol.mean()) + float(temp.mean()) + float(torch.stack(log).sum()):.10e}")
