# ruff: noqa
"""Batch cooling of glass gobs leaving the furnace: each gob's surface and core temperatures
are stepped under convection and radiation with a per-station ambient temperature, and the
time each gob spends above its working point is tallied for the shop's yield estimate."""
from dataclasses import dataclass

import numpy as np
import torch

SIGMA = 5.670e-8


@dataclass
class LineConfig:
    n_gobs: int = 250_000
    steps: int = 300
    dt: float = 0.1
    emissivity: float = 0.9
    working_point_c: float = 1000.0


def station_ambient(cfg):
    # ambient air temperature along the conveyor, one value per gob position
    return torch.from_numpy(np.linspace(40.0, 120.0, cfg.n_gobs))


def make_stepper(cfg, h_conv, ambient):
    def step(surface, core):
        loss_rad = cfg.emissivity * SIGMA * ((surface + 273.15) ** 4 - (ambient + 273.15) ** 4)
        loss_conv = h_conv * (surface - ambient)
        exchange = 0.08 * (core - surface)
        surface = surface - cfg.dt * (1e-3 * (loss_rad + loss_conv) - exchange)
        core = core - cfg.dt * exchange * torch.exp(-core / 2000.0)
        return surface, core
    return step


def run_line(cfg, gen):
    surface = 1150.0 + 20.0 * torch.rand(cfg.n_gobs, generator=gen)
    core = surface + 15.0 * torch.rand(cfg.n_gobs, generator=gen)
    h_conv = 8.0 + 4.0 * torch.rand(cfg.n_gobs, generator=gen)
    step = make_stepper(cfg, h_conv, station_ambient(cfg))
    above = torch.zeros(cfg.n_gobs)
    for k in range(cfg.steps):
        surface, core = step(surface, core)
        above += (surface > cfg.working_point_c).float()
    return surface, core, above


torch.manual_seed(0)
gen = torch.Generator().manual_seed(3)
cfg = LineConfig()
surface, core, above = run_line(cfg, gen)
yields = []
limits = torch.tensor([cfg.working_point_c, 980.0, 960.0])
for shift in ("early", "late"):
    yields.append(float((core.float() > limits[1]).float().mean()))
    print(f"{shift} shift: mean time above working point {float(above.mean()) * cfg.dt:.2f} s")
print(f"result: {float(surface.double().mean()) + float(core.double().mean()) + float(above.sum()) * 1e-3 + sum(yields):.10e}")
