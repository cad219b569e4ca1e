"""Bulk-fermentation simulator for the sourdough tubs.

A tub of dough is modelled as a grid of cells (temperature, yeast activity, acidity).
We step the fermentation in 10-minute ticks for a batch of tubs, with hooks that the
bakers can register (logging, a warm-room schedule), and report how far the dough rose.
"""
import math
from dataclasses import dataclass

import numpy as np
import torch

torch.manual_seed(3)


@dataclass(frozen=True)
class StarterProfile:
    name: str
    q10: float          # activity multiplier per 10 C
    acid_rate: float
    optimum_c: float


@dataclass
class FermentConfig:
    tubs: int = 24
    cells: int = 8_000
    ticks: int = 90
    dt_h: float = 1.0 / 6.0
    room_c: float = 24.0


class WarmRoom:
    """Daily temperature wobble of the warm room, one value per tick."""

    def __init__(self, cfg):
        t = np.arange(cfg.ticks) * cfg.dt_h
        self.schedule = cfg.room_c + 1.5 * np.sin(2 * math.pi * t / 24.0)

    def __call__(self, tick):
        return float(self.schedule[tick])


class Tub:
    def __init__(self, cfg, starter):
        self.cfg = cfg
        self.starter = starter
        n = (cfg.tubs, cfg.cells)
        self.temp = cfg.room_c + 0.5 * torch.randn(n)
        self.activity = 0.2 + 0.05 * torch.rand(n)
        self.acidity = torch.full(n, 4.9)
        self.rise = torch.zeros(cfg.tubs)
        # how strongly each cell feels the room: outer cells more than the core
        depth = np.linspace(0.0, 1.0, cfg.cells)
        self.exposure = torch.from_numpy(np.exp(-3.0 * depth)).expand(cfg.tubs, -1)
        self.hooks = []

    def register(self, hook):
        self.hooks.append(hook)

    def step(self, room_c):
        s, dt = self.starter, self.cfg.dt_h
        self.temp = self.temp + (room_c - self.temp) * self.exposure * 0.3 * dt
        factor = torch.pow(s.q10, (self.temp - s.optimum_c) / 10.0)
        inhibition = torch.sigmoid((self.acidity - 3.8) * 4.0)
        growth = self.activity * factor * inhibition
        self.activity = torch.clamp(self.activity + growth * dt * 0.25, max=1.0)
        self.acidity = self.acidity - s.acid_rate * growth * dt
        self.rise += growth.mean(dim=1) * dt
        for hook in self.hooks:
            hook(self)


def make_logger(every, log):
    count = 0

    def hook(tub):
        nonlocal count
        count += 1
        if count % every == 0:
            log.append(tub.rise.max().item())
    return hook


def main():
    cfg = FermentConfig()
    room = WarmRoom(cfg)
    starters = [StarterProfile("rye mother", 2.1, 0.08, 27.0),
                StarterProfile("white levain", 1.8, 0.05, 26.0)]
    total = 0.0
    for starter in starters:
        tub = Tub(cfg, starter)
        log = []
        tub.register(make_logger(10, log))
        for tick in range(cfg.ticks):
            tub.step(room(tick))
        total += float(tub.rise.sum()) + 0.001 * sum(log)
    print(f"result: {total:.8f}")


if __name__ == "__main__":
    main()
