# ruff: noqa
"""Toboggan run simulator for a club's race day: a small learned drag model (speed, slope, snow
temperature, rider mass -> drag deceleration) drives each sled down a banked track with gates;
reports split times and the podium."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class TrackConfig:
    sleds: int = 96
    steps: int = 120
    dt: float = 0.05
    length_m: float = 1200.0
    snow_temp_c: float = -6.0
    log_every: int = 40


class DragNet(nn.Module):
    def __init__(self, width=48):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(4, width), nn.SiLU(), nn.Linear(width, width), nn.SiLU(),
                                  nn.Linear(width, 1))

    def forward(self, x):
        return nn.functional.softplus(self.body(x)).squeeze(-1)


def slope_at(pos, length):
    return 0.18 + 0.07 * torch.sin(pos / length * 12.0) + 0.03 * torch.cos(pos / length * 31.0)


class Race:
    def __init__(self, cfg, model):
        self.cfg = cfg
        self.model = model
        g = torch.Generator().manual_seed(3)
        self.mass = (55.0 + 40.0 * torch.rand(cfg.sleds, generator=g)).to(device)
        self.pos = torch.zeros(cfg.sleds, device=device)
        self.vel = (1.0 + torch.rand(cfg.sleds, generator=g)).to(device)
        self.splits = []

    def features(self):
        slope = slope_at(self.pos, self.cfg.length_m)
        temp = torch.full_like(self.pos, self.cfg.snow_temp_c)
        return torch.stack([self.vel / 20.0, slope, temp / 10.0, self.mass / 80.0], dim=1)

    def drag(self, feats):
        per_sled = list(map(self.model, feats))
        return torch.stack(per_sled)

    def step(self, t):
        feats = self.features()
        with torch.no_grad():
            decel = self.drag(feats)
        slope = feats[:, 1]
        acc = 9.81 * torch.sin(slope) - 0.4 * decel - 0.002 * self.vel ** 2
        self.vel = torch.clamp(self.vel + self.cfg.dt * acc, min=0.0)
        self.pos = self.pos + self.cfg.dt * self.vel
        if t % self.cfg.log_every == 0:
            lead = self.pos.max()
            print(f"t={t * self.cfg.dt:6.2f}s leader at {lead:8.2f} m")
        self.splits.append(self.pos)

    def run(self):
        for t in range(self.cfg.steps):
            self.step(t)
        return torch.stack(self.splits)


torch.manual_seed(0)
model = DragNet().to(device).eval()
race = Race(TrackConfig(), model)
splits = race.run()
podium = torch.argsort(race.pos, descending=True)[:3]
print("podium:", podium.tolist())
print(f"result: {float(splits.sum()) + float(race.vel.sum()):.10e}")
