# ruff: noqa
"""Whey drainage in a cheese press: the moisture of a curd block's cross-section diffuses on a
2D grid (torch, float32), whey drains through the mould's perforated walls with a drainage
profile that is strongest near the bottom, and the press is loaded in a few cycles of rising
pressure. Reports the block's final moisture and the whey drained per cycle."""
import functools

import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


def drainage_profile(n: int) -> torch.Tensor:
    depth = np.linspace(0.2, 1.0, n) ** 2
    return torch.from_numpy(depth[:, None]).to(device)


def make_drain(profile: torch.Tensor, rate: float):
    def drain(field: torch.Tensor, pressure: float) -> torch.Tensor:
        return field - rate * pressure * profile * field
    return drain


def diffuse(field: torch.Tensor, k: float) -> torch.Tensor:
    lap = (torch.roll(field, 1, 0) + torch.roll(field, -1, 0)
           + torch.roll(field, 1, 1) + torch.roll(field, -1, 1) - 4.0 * field)
    return field + k * lap


def press(field, drain, cycles=4, steps=200, k=0.2):
    drained = []
    kernel = torch.tensor([0.25, 0.5, 0.25], device=device)
    for c in range(cycles):
        pressure = 0.5 + 0.5 * c
        before = field.sum()
        for _ in range(steps):
            field = diffuse(field, k)
            field = drain(field, pressure)
        edge = (kernel[0] * field[:, 0] + kernel[1] * field[:, 1] + kernel[2] * field[:, 2]).mean()
        drained.append((before - field.sum(), edge))
    return field, drained


torch.manual_seed(0)
n = 640
field = (0.55 + 0.02 * torch.rand(n, n)).to(device)
drain = make_drain(drainage_profile(n), rate=2e-4)
step = functools.partial(press, drain=drain)
field, drained = step(field)
for c, (w, edge) in enumerate(drained):
    print(f"cycle {c}: drained {float(w):.3f}, edge moisture {float(edge):.4f}")
print(f"final mean moisture {float(field.mean()):.4f}")
print(f"result: {float(field.double().sum()) + sum(float(w) for w, _ in drained):.10e}")
