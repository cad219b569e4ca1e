# ruff: noqa
"""Crushing circuit model for an aggregate quarry: each truckload of blasted rock (a size
distribution over 40 sieve classes) passes through a primary jaw crusher and a secondary cone
crusher, each a breakage-and-selection matrix model with a closed-side setting that wears over
the shift; the program reports product grading and the crushers' throughput per shift."""
import math
from dataclasses import dataclass

import torch

device = "cuda" if torch.cuda.is_available() else "cpu"

N_CLASSES = 40
SIEVES_MM = [400.0 * (0.82 ** k) for k in range(N_CLASSES)]


def breakage_table(spread):
    rows = []
    for i in range(N_CLASSES):
        row = []
        for j in range(N_CLASSES):
            if i <= j:
                row.append(0.0)
            else:
                ratio = SIEVES_MM[i - 1] / SIEVES_MM[j]
                row.append(0.4 * ratio ** 0.9 + 0.6 * ratio ** spread)
        rows.append(row)
    for j in range(N_CLASSES):
        col = sum(rows[i][j] for i in range(N_CLASSES)) or 1.0
        for i in range(N_CLASSES):
            rows[i][j] /= col
    return rows


class Crusher:
    def __init__(self, name, setting_mm, spread, wear_per_load):
        self.name = name
        self.setting_mm = setting_mm
        self.table = breakage_table(spread)
        self.wear_per_load = wear_per_load
        self.sizes = torch.tensor(SIEVES_MM, device=device)
        self._breakage = torch.tensor(self.table, device=device)

    @property
    def breakage(self):
        return self._breakage

    def selection(self):
        x = self.sizes / self.setting_mm
        return torch.clamp((x - 0.5) / 1.2, 0.0, 1.0)

    def crush(self, feed, passes=3):
        for _ in range(passes):
            s = self.selection()
            feed = feed * (1 - s) + self.breakage @ (feed * s)
        self.setting_mm += self.wear_per_load
        return feed


@dataclass
class Shift:
    name: str
    loads: int
    targets_mm: list


def blasted_feed(gen, n_loads):
    scale = 0.6 + 0.8 * torch.rand(n_loads, 1, generator=gen)
    k = torch.arange(N_CLASSES, dtype=torch.float32)
    feed = torch.exp(-((k - 6.0 * scale) ** 2) / 20.0) + 0.01 * torch.rand(n_loads, N_CLASSES, generator=gen)
    return (feed / feed.sum(dim=1, keepdim=True)).to(device)


gen = torch.Generator().manual_seed(4)
jaw = Crusher("jaw", 150.0, 2.2, 0.0004)
cone = Crusher("cone", 32.0, 3.0, 0.0002)
shifts = [Shift("early", 160, [20.0, 10.0, 5.0]), Shift("late", 160, [20.0, 10.0, 5.0]),
          Shift("night", 100, [40.0, 20.0, 10.0])]

total = 0.0
for shift in shifts:
    feeds = blasted_feed(gen, shift.loads)
    product = torch.zeros(N_CLASSES, device=device)
    for load in feeds:
        product += cone.crush(jaw.crush(load))
    targets = torch.tensor(shift.targets_mm, device=device)
    sizes = jaw.sizes
    passing = torch.stack([product[sizes <= t].sum() for t in targets]) / shift.loads
    print(f"{shift.name}: passing {', '.join(f'{float(p):.3f}' for p in passing)}, "
          f"settings jaw {jaw.setting_mm:.2f} cone {cone.setting_mm:.2f}")
    total += float(passing.sum()) + float(product[:10].sum()) / shift.loads
print(f"result: {total:.10e}")
