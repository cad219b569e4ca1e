# ruff: noqa
"""Cooling of a bronze bell casting in its loam mould: a 2-D cross-section of the temperature
field is stepped with an explicit heat-diffusion stencil, with hooks for radiative loss at the
mould wall and for logging probe temperatures, and the time for the bronze to fall below its
solidus at each probe is reported."""
from dataclasses import dataclass, field

import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"

PROBES = [(40, 300), (200, 300), (360, 300), (500, 300)]


@dataclass
class MouldSpec:
    size: int = 640
    alpha: float = 0.2
    ambient: float = 20.0
    solidus: float = 850.0
    wall_emissivity: tuple = (0.0005, 0.004)


@dataclass
class CoolingRun:
    spec: MouldSpec
    hooks: list = field(default_factory=list)
    probe_log: list = field(default_factory=list)

    def step(self, temp):
        lap = torch.zeros_like(temp)
        lap[1:-1, 1:-1] = (temp[2:, 1:-1] + temp[:-2, 1:-1] + temp[1:-1, 2:] + temp[1:-1, :-2]
                           - 4.0 * temp[1:-1, 1:-1])
        temp = temp + self.spec.alpha * lap
        for hook in self.hooks:
            temp = hook(self, temp)
        return temp


def wall_loss_hook(spec):
    n = spec.size
    r = np.hypot(*np.meshgrid(np.linspace(-1, 1, n), np.linspace(-1, 1, n)))
    lo, hi = spec.wall_emissivity
    emissivity = torch.from_numpy(lo + (hi - lo) * np.clip(r, 0.0, 1.0) ** 2).to(device)

    def hook(run, temp):
        return temp - emissivity * (temp - spec.ambient)

    return hook


def probe_hook(every):
    count = [0]
    probe_idx = {}

    def hook(run, temp):
        count[0] += 1
        if count[0] % every == 0:
            if temp.device not in probe_idx:
                probe_idx[temp.device] = torch.tensor(PROBES, device=temp.device)
            idx = probe_idx[temp.device]
            run.probe_log.append(temp[idx[:, 0], idx[:, 1]].float().cpu())
        return temp

    return hook


def initial_field(spec, gen):
    temp = torch.full((spec.size, spec.size), 1150.0, dtype=torch.float32)
    temp += torch.randn(spec.size, spec.size, generator=gen) * 5.0
    temp[:8, :] = spec.ambient
    temp[-8:, :] = spec.ambient
    return temp.to(device)


spec = MouldSpec()
gen = torch.Generator().manual_seed(134)
run = CoolingRun(spec, hooks=[wall_loss_hook(spec), probe_hook(every=25)])
temp = initial_field(spec, gen)
for _ in range(500):
    temp = run.step(temp)
probes = torch.stack(run.probe_log)
below = (probes < spec.solidus).float().argmax(dim=0)
print(f"probe minima: {[round(v, 1) for v in probes.min(dim=0).values.tolist()]}")
print(f"result: {float(temp.double().mean()) + float(probes.double().sum()) + float(below.sum()):.10e}")
