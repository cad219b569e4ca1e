# ruff: noqa
"""Curing of oil varnish on violin bodies in a UV cabinet: the film on each test panel is split
into depth cells, oxygen and light drive the cross-linking from the surface down while it
diffuses through the film, and after a schedule of lamp sessions the cure profile of every
panel is compared with the tack-free threshold."""
from dataclasses import dataclass, field

import numpy as np
import torch

torch.manual_seed(1704)
device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class CabinetConfig:
    n_panels: int = 384
    n_cells: int = 384
    steps: int = 400
    diffusion: float = 0.18
    rate: float = 0.035
    lamp_profile: np.ndarray = field(default_factory=lambda: np.linspace(1.0, 0.55, 384))


def diffuse(field, d):
    up = torch.cat([field[:, :1], field[:, :-1]], dim=1)
    down = torch.cat([field[:, 1:], field[:, -1:]], dim=1)
    return field + d * (up + down - 2.0 * field)


class CureSimulator:
    def __init__(self, cfg, callbacks=()):
        self.cfg = cfg
        self.callbacks = list(callbacks)
        self.log = []

    def run(self, cure, oxygen):
        for step in range(self.cfg.steps):
            oxygen = diffuse(oxygen, self.cfg.diffusion)
            growth = self.cfg.rate * oxygen * (1.0 - cure) * torch.exp(-2.0 * cure)
            for cb in self.callbacks:
                growth = cb(step, growth)
            cure = torch.clamp(cure + growth, 0.0, 1.0)
            oxygen = oxygen * (1.0 - 0.5 * growth)
            if step % 40 == 0:
                self.log.append([step, float(cure.mean()), float(oxygen.mean())])
        return cure, oxygen


def lamp_callback(cfg):
    light = torch.from_numpy(cfg.lamp_profile).to(device)
    return lambda step, growth: growth * light * (1.0 if step % 20 < 14 else 0.25)


def main():
    cfg = CabinetConfig()
    gen = torch.Generator().manual_seed(11)
    cure = torch.rand(cfg.n_panels, cfg.n_cells, generator=gen).to(device) * 0.05
    oxygen = torch.ones(cfg.n_panels, cfg.n_cells, device=device)
    oxygen[:, :8] = 2.0
    sim = CureSimulator(cfg, callbacks=[lamp_callback(cfg)])
    cure, oxygen = sim.run(cure, oxygen)
    tack_free = (cure > 0.4).float().mean(dim=1)
    history = torch.tensor(sim.log)
    print(f"panels tack-free at the surface: {(tack_free > 0.1).sum().item()} of {cfg.n_panels}")
    print(f"result: {cure.sum().item() + oxygen.sum().item() * 1e-3 + history[:, 1:].sum().item():.10e}")


if __name__ == "__main__":
    main()
