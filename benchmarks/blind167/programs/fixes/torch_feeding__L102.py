"""Feeding schedule planner.

Works out each tank's daily ration from the feed maker's table (percent body weight per day,
by water temperature and fish size), grows the fish on what they are fed, and sums the feed
ordered over several stocking scenarios. Prints the total feed (kg) across scenarios."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import torch

torch.manual_seed(11)

TEMP_BANDS = [2.0 + 0.2 * i for i in range(88)]          # 2 .. 19.4 C
SIZE_CLASSES = [0.2 * 1.08**j for j in range(120)]       # grams, fry to broodstock


def _feed_maker_table() -> list[list[float]]:
    # the supplier's sheet, typed in once: % body weight per day
    rows = []
    for t in TEMP_BANDS:
        row = []
        for w in SIZE_CLASSES:
            pct = 6.5 * math.exp(-0.09 * (19.5 - t)) * w ** -0.33
            row.append(round(min(pct, 8.0), 3))
        rows.append(row)
    return rows


FEED_TABLE = _feed_maker_table()


@dataclass
class FeedConfig:
    fcr: float = 1.1              # kg feed per kg gain
    days: int = 150
    meals_per_day: int = 4
    waste: float = 0.03


@dataclass
class Scenario:
    name: str
    n_tanks: int
    start_g: float
    temp_offset: float
    weights: torch.Tensor = field(init=False)

    def __post_init__(self):
        self.weights = self.start_g * (1 + 0.1 * torch.randn(self.n_tanks)).clamp(min=0.5)


def lookup(table: torch.Tensor, temp: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
    ti = ((temp - TEMP_BANDS[0]) / 0.2).clamp(0, len(TEMP_BANDS) - 1.001)
    wi = (torch.log(weight / SIZE_CLASSES[0]) / math.log(1.08)).clamp(0, len(SIZE_CLASSES) - 1.001)
    t0, w0 = ti.floor().long(), wi.floor().long()
    ft, fw = ti - t0, wi - w0
    top = table[t0, w0] * (1 - fw) + table[t0, w0 + 1] * fw
    bot = table[t0 + 1, w0] * (1 - fw) + table[t0 + 1, w0 + 1] * fw
    return top * (1 - ft) + bot * ft


def daily_ration_pct(temp: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
    table = torch.tensor(FEED_TABLE)
    return lookup(table, temp, weight)


def water_temp(day: int, offset: float, n: int) -> torch.Tensor:
    base = 10.0 + 5.0 * math.sin(2 * math.pi * (day - 100) / 365.0) + offset
    return base + 0.3 * torch.randn(n)


class Planner:
    def __init__(self, cfg: FeedConfig):
        self.cfg = cfg
        self.fed_kg = []

    def run(self, sc: Scenario, fish_per_tank: int = 5000) -> torch.Tensor:
        w = sc.weights.clone()
        total = torch.zeros(())
        for day in range(self.cfg.days):
            temp = water_temp(day, sc.temp_offset, sc.n_tanks)
            pct = daily_ration_pct(temp, w)
            feed_g = w * pct / 100.0
            eaten = feed_g * (1 - self.cfg.waste)
            w = w + eaten / self.cfg.fcr
            total = total + feed_g.sum() * fish_per_tank / 1000.0
        return total


def main() -> None:
    cfg = FeedConfig()
    planner = Planner(cfg)
    scenarios = [
        Scenario(f"{strain}-{k}", n_tanks=24, start_g=0.25 * (k + 1), temp_offset=off)
        for strain, off in (("coho", 0.0), ("chinook", -1.0), ("steelhead", 1.5))
        for k in range(4)
    ]
    totals = dict(zip((sc.name for sc in scenarios), torch.stack([planner.run(sc) for sc in scenarios]).tolist()))
    print(f"result: {sum(totals.values()):.10e}")


if __name__ == "__main__":
    main()
