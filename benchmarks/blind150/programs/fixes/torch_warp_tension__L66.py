# ruff: noqa
"""Warp tension on a tapestry loom: the warp is a batch of elastic threads (beads coupled by
springs along each thread and by the reed across threads), the beater strikes at every pick and
the simulation integrates the bead displacements with velocity Verlet, reporting the peak and
mean tension per warp end after the weaving of a band."""
from dataclasses import dataclass, field

import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class LoomConfig:
    ends: int = 768
    beads: int = 256
    dt: float = 0.002
    stiffness: float = 40.0
    beat_every: int = 25
    damping: torch.Tensor = field(default_factory=lambda: torch.tensor(np.exp(-0.004 * np.linspace(0.5, 1.5, 256))))


def coupling(cfg):
    k = torch.zeros(cfg.beads, cfg.beads)
    idx = torch.arange(cfg.beads)
    k[idx, idx] = -2.0
    k[idx[1:], idx[:-1]] = 1.0
    k[idx[:-1], idx[1:]] = 1.0
    return (cfg.stiffness * k).to(device)


class Warp:
    def __init__(self, cfg, gen):
        self.cfg = cfg
        self.K = coupling(cfg)
        self.pos = 0.01 * torch.randn(cfg.beads, cfg.ends, generator=gen).to(device)
        self.vel = torch.zeros(cfg.beads, cfg.ends, device=device)
        self.hooks = []

    def accel(self):
        return self.K.type_as(self.pos) @ self.pos

    def step(self, t):
        a = self.accel()
        self.vel = self.vel + self.cfg.dt * a
        for hook in self.hooks:
            hook(self, t)
        self.pos = self.pos + self.cfg.dt * self.vel


def damp(warp, t):
    warp.vel = warp.vel * warp.cfg.damping[:, None]


def beater(warp, t):
    if t % warp.cfg.beat_every == 0:
        warp.vel[-4:] += 0.05


cfg = LoomConfig()
gen = torch.Generator().manual_seed(9)
warp = Warp(cfg, gen)
warp.hooks += [damp, beater]
peaks = []
for band in range(3):
    for t in range(250):
        warp.step(t)
    tension = (warp.pos[1:] - warp.pos[:-1]).abs().sum(0)
    peaks.append(tension.max().reshape(1))
peaks = torch.cat(peaks)
print(f"peak tension per band: {', '.join(f'{p:.4f}' for p in peaks.tolist())}")
print(f"result: {float(peaks.sum()) + float(warp.pos.abs().mean()):.10e}")
