# ruff: noqa
"""Pool-and-weir fish ladder hydraulics: a shallow-water style relaxation of the flow through
48 pools, each with a grid of cells, driven by the forebay level over a day of gate changes;
reports the mean velocity and turbulence (energy dissipation) per pool, which decide whether
salmon can pass."""
from dataclasses import dataclass, field

import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class LadderConfig:
    n_pools: int = 48
    cells: int = 32768
    dt: float = 0.05
    slope: float = 0.1
    roughness: torch.Tensor = field(default_factory=lambda: torch.tensor(np.linspace(0.018, 0.045, 48)))


def make_friction(cfg):
    rough = cfg.roughness.to(device)

    def friction(velocity, depth):
        return rough[:, None] * velocity * velocity.abs() / depth.clamp_min(0.05)

    return friction


def relax(cfg, depth, velocity, forebay, friction, steps):
    for _ in range(steps):
        head = depth + cfg.slope * torch.arange(cfg.n_pools, 0, -1, device=device)[:, None]
        drive = torch.roll(head, 1, 0) - head
        drive[0] = forebay - head[0]
        velocity = velocity + cfg.dt * (9.81 * drive * 0.1 - friction(velocity, depth))
        velocity = torch.tanh(velocity / 4.0) * 4.0
        depth = depth + cfg.dt * 0.02 * (torch.roll(velocity, 1, 0) - velocity)
        depth = depth.clamp(0.2, 3.0)
    return depth, velocity


def main():
    torch.manual_seed(8)
    cfg = LadderConfig()
    friction = make_friction(cfg)
    depth = (1.0 + 0.1 * torch.rand(cfg.n_pools, cfg.cells)).to(device)
    velocity = torch.zeros(cfg.n_pools, cfg.cells, device=device)
    gate_levels = [[1.2 + 0.3 * np.sin(h / 24 * 2 * np.pi + p / 8) for p in range(cfg.cells // 1024)] for h in range(24)]
    gate_table = torch.tensor(gate_levels, dtype=torch.float32, device=device)
    total = 0.0
    for hour in range(24):
        gate = gate_table[hour]
        forebay = gate.repeat_interleave(1024)
        depth, velocity = relax(cfg, depth, velocity, forebay, friction, steps=2)
        dissipation = (friction(velocity, depth) * velocity).abs().mean(1)
        total += float(dissipation.sum())
    mean_v = velocity.abs().mean(1)
    for p in range(0, cfg.n_pools, 8):
        print(f"pool {p:2d}: mean velocity {mean_v[p]:.3f} m/s, depth {depth[p].mean():.3f} m")
    print(f"result: {total + float(mean_v.sum()) + float(depth.mean()):.10e}")


if __name__ == "__main__":
    main()
