# ruff: noqa
"""Salt-marsh sediment model: suspended sediment along a tidal creek is mixed along the channel,
forced by the incoming tide at every cell (a gain that grows towards the marsh front), settles
onto the marsh platform where the water is slack, and is read at three gauges; an ensemble of
creek states with perturbed initial loads is run through a spring-neap cycle."""
import math
from dataclasses import dataclass, field

import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class CreekConfig:
    n_cells: int = 16384
    members: int = 64
    steps: int = 120
    diffusivity: float = 0.22
    settling: float = 0.004
    front: float = 0.8
    gain: torch.Tensor = field(default=None)

    def __post_init__(self):
        if self.gain is None:
            x = np.linspace(0.0, 1.0, self.n_cells)
            self.gain = torch.from_numpy(0.02 * (1.0 + np.tanh(8.0 * (x - self.front))))


def tidal_forcing(cfg):
    gain = cfg.gain.to(device)

    def force(conc, t):
        phase = 2.0 * math.pi * t / 48.0
        spring = 1.0 + 0.35 * math.cos(2.0 * math.pi * t / 354.0)
        return conc + gain * (spring * max(math.sin(phase), 0.0))

    return force


def mix(conc, k):
    lap = torch.zeros_like(conc)
    lap[:, 1:-1] = conc[:, 2:] - 2.0 * conc[:, 1:-1] + conc[:, :-2]
    return conc + k * lap


def settle(conc, rate, slack):
    return torch.where(slack, conc * (1.0 - rate), conc)


def run(cfg, gen):
    conc = (0.1 + 0.02 * torch.rand(cfg.members, cfg.n_cells, generator=gen)).to(device)
    force = tidal_forcing(cfg)
    deposited = torch.zeros(cfg.n_cells, device=device)
    readings = []
    weights = torch.tensor([0.2, 0.3, 0.5], device=device)
    for t in range(cfg.steps):
        conc = force(conc, t)
        conc = mix(conc, cfg.diffusivity)
        slack = (conc > 0.11) if t % 48 > 30 else (conc > 0.16)
        before = conc
        conc = settle(conc, cfg.settling, slack)
        deposited += (before - conc).mean(0)
        if t % 20 == 0:
            gauges = conc[:, [cfg.n_cells // 4, cfg.n_cells // 2, 3 * cfg.n_cells // 4]]
            readings.append(float((gauges.mean(0) * weights).sum()))
    return conc, deposited, readings


gen = torch.Generator().manual_seed(8)
cfg = CreekConfig()
conc, deposited, readings = run(cfg, gen)
print(f"final mean load {float(conc.mean()):.5f}, deposited {float(deposited.sum()):.4f}")
print("gauge readings:", ", ".join(f"{r:.4f}" for r in readings))
print(f"result: {float(conc.mean()) + float(deposited.sum()) + sum(readings):.10e}")
