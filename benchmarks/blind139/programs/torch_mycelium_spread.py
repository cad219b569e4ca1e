# ruff: noqa
"""Mycelium colonisation of a tray of substrate for a spawn-production lab: three strains grow as
a reaction-diffusion system on a grid (nutrient uptake, hyphal spread, competition), with a
nightly temperature cycle; prints the colonised fraction of each strain every simulated day."""
from dataclasses import dataclass, field

import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class StrainParams:
    names: tuple = ("PO-12", "LE-3", "GL-7")
    growth: tuple = (0.21, 0.17, 0.19)
    spread: tuple = (0.22, 0.27, 0.18)
    death: tuple = (0.010, 0.008, 0.012)
    dt: float = 0.25
    survival: torch.Tensor = field(init=False)
    diffusion: torch.Tensor = field(init=False)

    def __post_init__(self):
        self.survival = torch.tensor(np.exp(-np.array(self.death) * self.dt)).view(-1, 1, 1)
        self.diffusion = torch.tensor(self.spread, dtype=torch.float32).view(-1, 1, 1)


class Tray:
    def __init__(self, size, params, gen):
        self.p = params
        n = len(params.names)
        self.hyphae = torch.zeros(n, size, size, device=device)
        seeds = torch.randint(0, size, (n, 6, 2), generator=gen)
        for s in range(n):
            self.hyphae[s, seeds[s, :, 0], seeds[s, :, 1]] = 1.0
        self.nutrient = torch.ones(size, size, device=device)
        self.growth = torch.tensor(params.growth, dtype=torch.float32).view(-1, 1, 1)

    def laplacian(self, u):
        return (
            torch.roll(u, 1, -1) + torch.roll(u, -1, -1) + torch.roll(u, 1, -2) + torch.roll(u, -1, -2) - 4.0 * u
        )

    def step(self, temp_factor):
        h, p = self.hyphae, self.p
        uptake = self.growth * temp_factor * h * self.nutrient
        crowd = h.sum(0, keepdim=True)
        h = h * p.survival + p.dt * (p.diffusion * self.laplacian(h) + uptake * (1.0 - crowd))
        self.hyphae = h.clamp_(0.0, 1.0)
        self.nutrient = (self.nutrient - p.dt * 0.05 * uptake.sum(0)).clamp_(min=0.0)


def temperature(hour):
    return 1.0 + 0.2 * np.sin(2 * np.pi * hour / 24.0)


params = StrainParams()
tray = Tray(256, params, torch.Generator().manual_seed(4))
checksum = 0.0
steps_per_day = int(24 / params.dt)
for day in range(6):
    for k in range(steps_per_day):
        tray.step(temperature(k * params.dt))
    cover = (tray.hyphae > 0.5).float().mean(dim=(1, 2))
    total = tray.hyphae.sum(dtype=torch.float64)
    checksum += float(total)
    print(f"day {day + 1}: " + ", ".join(f"{n} {100 * float(c):.1f}%" for n, c in zip(params.names, cover)))
print(f"result: {checksum + float(tray.nutrient.sum()):.10e}")
