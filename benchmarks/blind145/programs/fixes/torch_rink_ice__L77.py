# ruff: noqa
"""Transient ice-sheet model for a rink's refrigerated slab: a 2-D cross-section (ice, concrete
with embedded brine pipes, insulation) is stepped with an explicit finite-difference heat
equation through a pull-down after resurfacing; boundary conditions are applied by callbacks
(brine pipes, arena air, ground heating) and the surface temperature is reported per zone."""
from dataclasses import dataclass, field

import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class SlabConfig:
    depth: int = 768
    width: int = 768
    dt: float = 0.2
    alpha: float = 0.22            # dimensionless diffusion number per step
    pipe_row: int = 40
    pipe_pitch: int = 16
    brine_c: float = -9.0
    air_c: float = 6.0
    zone_setpoints: list = field(default_factory=lambda: [-4.5, -5.0, -5.5, -6.0])


def make_pipe_callback(cfg):
    """Brine pipes hold their cells near the brine temperature (a relaxation source term)."""
    mask = np.zeros((cfg.depth, cfg.width))
    mask[cfg.pipe_row - 3 : cfg.pipe_row + 3, :] = 0.0
    for c in range(cfg.pipe_pitch // 2, cfg.width, cfg.pipe_pitch):
        mask[cfg.pipe_row - 3 : cfg.pipe_row + 3, c - 3 : c + 3] = 0.35
    gain = torch.from_numpy(mask)

    def apply(temp):
        return temp + gain * (cfg.brine_c - temp)

    return apply


def make_air_callback(cfg):
    h = 0.004

    def apply(temp):
        temp[0, :] += h * (cfg.air_c - temp[0, :])
        return temp

    return apply


def diffuse(temp, alpha):
    lap = torch.zeros_like(temp)
    lap[1:-1, 1:-1] = temp[:-2, 1:-1] + temp[2:, 1:-1] + temp[1:-1, :-2] + temp[1:-1, 2:] - 4.0 * temp[1:-1, 1:-1]
    return temp + alpha * lap


def run(cfg, steps, callbacks):
    gen = torch.Generator().manual_seed(3)
    temp = -4.0 + 0.3 * torch.randn(cfg.depth, cfg.width, generator=gen)
    temp[:12, :] = 0.5                 # fresh flood water on top after resurfacing
    for step in range(steps):
        temp = diffuse(temp, cfg.alpha)
        for cb in callbacks:
            temp = cb(temp)
    return temp


def main():
    torch.manual_seed(0)
    cfg = SlabConfig()
    callbacks = [make_pipe_callback(cfg), make_air_callback(cfg)]
    temp = run(cfg, 450, callbacks)
    surface = temp[0:12, :].mean(0)
    zones = torch.chunk(surface, len(cfg.zone_setpoints))
    checksum = 0.0
    for k, (zone, setpoint) in enumerate(zip(zones, cfg.zone_setpoints)):
        lo, hi = setpoint, setpoint + 0.5
        ok = float(((zone >= lo) & (zone <= hi)).float().mean())
        print(f"zone {k}: mean surface {float(zone.mean()):7.3f} C, within band {ok:.1%}")
        checksum += float(zone.mean()) + ok
    checksum += float(temp.mean())
    print(f"result: {checksum:.10e}")


if __name__ == "__main__":
    main()
