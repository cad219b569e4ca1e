# ruff: noqa
"""Exhaust-dyeing simulation for a textile mill: each fabric lot sits in a dye bath whose
temperature follows the recipe's ramp; dye moves from the liquor onto each fibre of the blend at a
rate set by a dye-fibre affinity table and the bath temperature (Arrhenius), and the run reports
each lot's exhaustion and shade depth per dye."""
import functools
import math
from dataclasses import dataclass

import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
N_DYES, N_FIBRES = 48, 120
_g = torch.Generator().manual_seed(3)
# affinity of each dye for each fibre blend, as the lab's spreadsheet exports it
AFFINITY_ROWS = (0.2 + torch.rand(N_DYES, N_FIBRES, generator=_g) * 1.8).tolist()


@dataclass
class Lot:
    name: str
    blend: torch.Tensor        # fraction of each fibre, (N_FIBRES,)
    liquor: torch.Tensor       # dye in the bath, g/L, (N_DYES,)
    ramp: tuple = (40.0, 98.0, 0.9)  # start C, hold C, C per minute


def bath_temperature(ramp, minute):
    start, hold, rate = ramp
    return min(hold, start + rate * minute)


def uptake_step(liquor, on_fibre, blend, temp_c, dt, affinity_table):
    affinity = torch.tensor(affinity_table, dtype=torch.float32, device=liquor.device)
    k = 0.02 * math.exp(-2500.0 * (1.0 / (temp_c + 273.15) - 1.0 / 371.15))
    capacity = affinity * blend[None, :] * 4.0
    free = (capacity - on_fibre).clamp(min=0.0)
    rate = k * liquor[:, None] * free / (1.0 + free.sum(dim=1, keepdim=True))
    moved = torch.minimum(rate * dt, liquor[:, None] * blend[None, :])
    return liquor - moved.sum(dim=1), on_fibre + moved


def dye_lot(lot, step, minutes=120, dt=0.4):
    liquor = lot.liquor
    on_fibre = torch.zeros(N_DYES, N_FIBRES, device=liquor.device)
    n = int(minutes / dt)
    for i in range(n):
        temp = bath_temperature(lot.ramp, i * dt)
        liquor, on_fibre = step(liquor, on_fibre, lot.blend, temp, dt)
    return liquor, on_fibre


def make_lots(n, gen):
    lots = []
    for j in range(n):
        blend = torch.rand(N_FIBRES, generator=gen) ** 4
        blend = (blend / blend.sum()).to(device)
        liquor = (torch.rand(N_DYES, generator=gen) * (torch.rand(N_DYES, generator=gen) < 0.2)).to(device)
        lots.append(Lot(f"lot-{j:03d}", blend, liquor, (40.0 + 5 * (j % 3), 98.0, 0.8 + 0.1 * (j % 4))))
    return lots


gen = torch.Generator().manual_seed(7)
lots = make_lots(8, gen)
step = functools.partial(uptake_step, affinity_table=AFFINITY_ROWS)
checksum = 0.0
for lot in lots:
    start = lot.liquor
    liquor, on_fibre = dye_lot(lot, step)
    exhaustion = 1.0 - liquor.sum() / start.sum().clamp(min=1e-9)
    depth = on_fibre.sum(dim=1)
    print(f"{lot.name}: exhaustion {float(exhaustion):.3f}, deepest dye {int(depth.argmax())}")
    checksum += float(exhaustion) + float(depth.sum())
print(f"result: {checksum:.10e}")
