"""Proofing-room simulator for the production bakery: every dough piece on the racks is followed
minute by minute through its proof (dough warming towards the room, yeast growth on the sugar
left, CO2 held by the gluten, volume), with yeast activity read off the supplier's temperature /
salt table; reports how many pieces are ready at the end of each proofing programme."""
import math
from dataclasses import dataclass
from functools import partial

import torch

# supplier's sheet: yeast activity relative to 32 C, salt-free; rows 4..50 C in 0.5 C steps,
# columns 0..3 % salt (flour weight) in 0.2 % steps
SHEET_TEMPS = [4.0 + 0.5 * i for i in range(93)]
SHEET_SALTS = [0.2 * j for j in range(16)]
ACTIVITY = [
    [round(max(0.0, math.exp(-(((t - 32.0) / 9.5) ** 2)) * (1.0 - 0.16 * s)
               - 0.03 * max(0.0, t - 42.0)), 4) for s in SHEET_SALTS]
    for t in SHEET_TEMPS
]
MU_MAX = 0.03       # per minute
K_SUGAR = 0.35      # % flour weight
YIELD_CO2 = 1.9
GAS_LOSS = 0.004
DAYS = 6


@dataclass
class Programme:
    name: str
    room_c: float
    minutes: int
    salt: float
    ready_ratio: float


PROGRAMMES = [
    Programme("baguette retard", 24.0, 150, 2.0, 2.0),
    Programme("sourdough warm", 28.0, 210, 2.2, 1.75),
    Programme("brioche", 30.0, 120, 1.2, 2.05),
    Programme("rye", 29.0, 180, 2.4, 1.85),
    Programme("focaccia", 32.0, 90, 2.6, 2.2),
    Programme("cinnamon rolls", 34.0, 100, 0.8, 2.1),
]


def activity(temp, salt):
    table = torch.as_tensor(ACTIVITY)
    ti = ((temp - SHEET_TEMPS[0]) / 0.5).clamp(0.0, len(SHEET_TEMPS) - 1.001)
    si = (salt / 0.2).clamp(0.0, len(SHEET_SALTS) - 1.001)
    t0, s0 = ti.long(), si.long()
    ft, fs = ti - t0, si - s0
    lo = table[t0, s0] * (1 - fs) + table[t0, s0 + 1] * fs
    hi = table[t0 + 1, s0] * (1 - fs) + table[t0 + 1, s0 + 1] * fs
    return lo * (1 - ft) + hi * ft


def rates(state, salt, room_c, warm_rate):
    temp, yeast, sugar, gas = state
    act = activity(temp, salt)
    growth = MU_MAX * act * sugar / (K_SUGAR + sugar) * yeast
    return torch.stack([
        warm_rate * (room_c - temp),
        growth,
        -2.2 * growth,
        YIELD_CO2 * growth / yeast.clamp(min=1e-3) - GAS_LOSS * gas,
    ])


def proof(programme, pieces, gen):
    temp = 18.0 + 4.0 * torch.rand(pieces, generator=gen)
    yeast = 1.0 + 0.15 * torch.randn(pieces, generator=gen).clamp(-2, 2)
    sugar = 2.0 + 0.3 * torch.rand(pieces, generator=gen)
    salt = programme.salt + 0.1 * torch.randn(pieces, generator=gen)
    mass = 0.35 + 0.5 * torch.rand(pieces, generator=gen)          # kg per piece
    state = torch.stack([temp, yeast, sugar, torch.zeros(pieces)])
    f = partial(rates, salt=salt, room_c=programme.room_c, warm_rate=0.05 / mass.sqrt())
    for _ in range(programme.minutes):          # Heun's method, dt = 1 min
        k1 = f(state)
        k2 = f(state + k1)
        state = state + 0.5 * (k1 + k2)
    volume = 1.0 + 1.2 * state[3]
    return volume


def main():
    gen = torch.Generator().manual_seed(31)
    report = {}
    for prog in PROGRAMMES * DAYS:
        volume = proof(prog, 1024, gen)
        ready = (volume >= prog.ready_ratio).float().mean()
        done = report.setdefault(prog.name, [0.0, 0.0])
        done[0] += ready
        done[1] = max(done[1], volume.max().item())
    total = sum(r for r, _ in report.values())
    peak = sum(p for _, p in report.values())
    print(f"result: {float(total + peak):.6f}")


if __name__ == "__main__":
    main()
