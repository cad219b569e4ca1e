# ruff: noqa
"""Passenger load model for a tram network: many demand scenarios of riders on every segment,
stepped minute by minute through the morning peak (alighting, boarding with a saturating
demand curve, capacity limits), with a snapshot of the first segments logged now and then."""
from dataclasses import dataclass, field

import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class Network:
    segments: int
    capacity: float = 220.0
    alight: torch.Tensor = field(init=False)
    demand_scale: torch.Tensor = field(init=False)

    def __post_init__(self):
        gen = torch.Generator().manual_seed(4)
        self.alight = (0.05 + 0.25 * torch.rand(self.segments, generator=gen)).to(device)
        self.demand_scale = torch.tensor(np.linspace(0.6, 1.4, self.segments)).to(device)

    def step(self, load, demand):
        boarding = self.demand_scale * demand * torch.exp(-load / self.capacity)
        load = load * (1.0 - self.alight) + boarding
        return torch.clamp(load, max=self.capacity)


def peak_profile(minutes):
    t = torch.arange(minutes, dtype=torch.float32)
    return 1.0 + 0.8 * torch.exp(-((t - 0.5 * minutes) / (0.2 * minutes)) ** 2)


torch.manual_seed(0)
net = Network(segments=2_000)
scenarios = 300
base = (torch.rand(scenarios, net.segments) * 12.0).to(device)
profile = peak_profile(180)
load = torch.zeros(scenarios, net.segments, device=device)
snapshots = []
crowded = torch.zeros(net.segments, device=device)
for minute in range(180):
    load = net.step(load, base * profile[minute])
    crowded += (load > 0.9 * net.capacity).sum(0)
    if minute % 30 == 0:
        snapshots.append(load[:4, :8].clone())
mean_load = float(load.mean())
print(f"mean load at 09:00 {mean_load:.3f}, crowded segment-minutes {int(crowded.sum())}")
print(f"result: {mean_load + float(crowded.sum()) * 1e-3 + float(torch.stack(snapshots).sum()) * 1e-3:.10e}")
