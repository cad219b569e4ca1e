# ruff: noqa
"""Snowplough routing for a storm night: a synthetic city street grid with travel times, hourly
snow depth that slows exposed streets down, a random-walk model of where ploughs leaving the
depots get to within a few moves (recomputed every hour), and a dispatch of the spare ploughs
to the junctions that the fleet reaches least."""
from dataclasses import dataclass

import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class StormHour:
    hour: int
    depth_cm: float


def street_grid(rng, side):
    n = side * side
    base = torch.full((n, n), float("inf"))
    idx = torch.arange(n)
    r, c = idx // side, idx % side
    for dr, dc in ((0, 1), (1, 0)):
        ok = (r + dr < side) & (c + dc < side)
        a = idx[ok]
        b = (r[ok] + dr) * side + (c[ok] + dc)
        t = torch.from_numpy(rng.uniform(0.5, 2.0, a.numel()).astype(np.float32))
        base[a, b] = t
        base[b, a] = t
    base.fill_diagonal_(0.0)
    return base


def make_cost_model(base, exposure):
    def cost(depth_cm):
        return base * (1.0 + exposure[:, None] * (depth_cm / 10.0))

    return cost


def reach_model(w, moves, tau=0.7):
    p = torch.exp(-w / tau)
    p = 0.9 * p / p.sum(dim=1, keepdim=True) + 0.1 / p.shape[1]  # radio re-routes
    step = p
    visits = p.clone()
    for _ in range(moves):
        step = step @ p
        visits = visits + step
    return visits


def dispatch(visits, depots, n_ploughs):
    reach = visits[depots].sum(dim=0)
    order = torch.argsort(reach)
    return order[:n_ploughs], reach


rng = np.random.default_rng(21)
side = 24
base = street_grid(rng, side).to(device)
exposure = torch.from_numpy(rng.uniform(0.0, 1.5, side * side)).to(device)
cost = make_cost_model(base, exposure)
depots = torch.tensor([0, side * side // 2, side * side - 1], device=device)
storm = [StormHour(h, 2.0 + 3.0 * h) for h in range(8)]

total = 0.0
for hour in storm:
    w = cost(hour.depth_cm)
    visits = reach_model(w, 36)
    targets, reach = dispatch(visits, depots, 8)
    fleet = float(reach.to(torch.float64).sum())
    total += fleet + float((visits * visits).sum()) + 100.0 * float(reach[targets].sum())
    print(f"hour {hour.hour:2d}: depth {hour.depth_cm:4.1f} cm, least reached {int(targets[0])}, "
          f"fleet visits {fleet:.3f}")
print(f"result: {total:.10e}")
