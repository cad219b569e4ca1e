# ruff: noqa
"""Ensemble forecast of a tidal lagoon's power for the next two days: an ensemble of members,
each a perturbed copy of the lagoon basin's water column on a 1-D channel grid, is stepped with
a damped shallow-water update; a callback applies the seabed friction after every step, and
the turbines' power is read from the head difference across the barrage at each report."""
from dataclasses import dataclass

import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class ChannelConfig:
    members: int = 256
    cells: int = 4096
    steps: int = 200
    dt: float = 0.4
    dx: float = 50.0
    depth_mouth: float = 18.0
    depth_head: float = 4.0
    report_every: int = 40


def friction_callback(cfg):
    depths = np.linspace(cfg.depth_mouth, cfg.depth_head, cfg.cells)
    manning = 0.025
    decay = torch.from_numpy(np.exp(-9.81 * manning**2 * cfg.dt / depths ** (4.0 / 3.0))).to(device)

    def apply(state):
        state["u"] = state["u"] * decay

    return apply


class Ensemble:
    def __init__(self, cfg, gen):
        self.cfg = cfg
        x = torch.linspace(0, 1, cfg.cells)
        eta0 = 0.8 * torch.cos(3.14159 * x) + 0.05 * torch.randn(cfg.members, cfg.cells, generator=gen)
        self.state = {"eta": eta0.to(device), "u": torch.zeros(cfg.members, cfg.cells, device=device)}
        self.depth = torch.linspace(cfg.depth_mouth, cfg.depth_head, cfg.cells, device=device)
        self.callbacks = []

    def step(self):
        cfg, s = self.cfg, self.state
        g = 9.81
        eta, u = s["eta"], s["u"]
        deta = torch.zeros_like(eta)
        deta[:, 1:] = eta[:, 1:] - eta[:, :-1]
        u = u - g * cfg.dt / cfg.dx * deta
        flux = (self.depth + eta) * u
        dflux = torch.zeros_like(flux)
        dflux[:, :-1] = flux[:, 1:] - flux[:, :-1]
        eta = eta - cfg.dt / cfg.dx * dflux
        s["eta"], s["u"] = eta, u
        for cb in self.callbacks:
            cb(s)

    def power_mw(self):
        head = (self.state["eta"][:, 0] - self.state["eta"][:, -1]).abs()
        return 0.9 * 1025 * 9.81 * 240.0 * head.clamp(min=0.0) ** 1.5 / 1e6


torch.manual_seed(0)
gen = torch.Generator().manual_seed(3)
cfg = ChannelConfig()
ens = Ensemble(cfg, gen)
ens.callbacks.append(friction_callback(cfg))
reports = []
for t in range(cfg.steps):
    ens.step()
    if (t + 1) % cfg.report_every == 0:
        p = ens.power_mw()
        reports.append(torch.tensor([float(t + 1), float(p.mean()), float(p.std())]))
table = torch.stack(reports)
print(f"mean power over the reports {table[:, 1].mean():.3f} MW, spread {table[:, 2].mean():.3f} MW")
print(f"result: {float(table[:, 1:].sum()) + float(ens.state['eta'].float().abs().mean()):.10e}")
