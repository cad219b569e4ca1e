# ruff: noqa
"""Fruiting-room simulation for an oyster-mushroom farm: hourly temperature and CO2 swings drive
the growth and drying of every grow bag on every shelf; a shelf is picked when its load passes
the picking threshold. Prints the picked mass per shelf and the room's daily harvest."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class RoomConfig:
    n_shelves: int = 12
    bags_per_shelf: int = 1500
    hours: int = 360
    pick_load: float = 2600.0
    base_rate: float = 0.012
    seed: int = 11


@dataclass
class Shelf:
    name: str
    biomass: np.ndarray
    moisture: np.ndarray
    picked: float = 0.0

    @property
    def load(self):
        return sum(self.biomass)

    def grow(self, temp, co2, hour):
        optimum = np.exp(-0.5 * ((temp - 17.0) / 3.5) ** 2)
        stress = 1.0 / (1.0 + np.exp((co2 - 1100.0) / 150.0))
        rate = 0.012 * optimum * stress * np.sqrt(self.moisture)
        self.biomass += rate * self.biomass * (1.0 - self.biomass / 4.0)
        self.moisture -= 0.002 * (1.0 + 0.3 * np.sin(hour / 24.0 * 2 * np.pi))
        np.clip(self.moisture, 0.2, 1.0, out=self.moisture)

    def pick(self, fraction):
        cut = self.biomass * fraction
        self.biomass -= cut
        self.moisture += 0.15
        self.picked += float(cut.sum())


def climate(hour, rng):
    temp = 17.0 + 2.5 * np.sin(hour / 24.0 * 2 * np.pi) + rng.normal(0.0, 0.4)
    co2 = 900.0 + 250.0 * np.cos(hour / 12.0 * np.pi) + rng.normal(0.0, 40.0)
    return temp, co2


def run_room(cfg):
    rng = np.random.default_rng(cfg.seed)
    shelves = [
        Shelf(
            f"shelf-{i:02d}",
            rng.uniform(0.5, 1.5, cfg.bags_per_shelf),
            rng.uniform(0.6, 1.0, cfg.bags_per_shelf),
        )
        for i in range(cfg.n_shelves)
    ]
    daily = []
    day_total = 0.0
    for hour in range(cfg.hours):
        temp, co2 = climate(hour, rng)
        for shelf in shelves:
            shelf.grow(temp, co2, hour)
            if shelf.load > cfg.pick_load:
                before = shelf.picked
                shelf.pick(0.6)
                day_total += shelf.picked - before
        if hour % 24 == 23:
            daily.append(day_total)
            day_total = 0.0
    return shelves, np.array(daily)


def shelf_report(shelves):
    return np.array([shelf.picked for shelf in shelves])


cfg = RoomConfig()
shelves, daily = run_room(cfg)
picked = shelf_report(shelves)
for s in shelves:
    print(f"{s.name}: picked {s.picked:10.1f} g, standing {s.biomass.sum():8.1f} g")
print("daily harvest:", np.round(daily, 1))
checksum = float(picked @ np.arange(1, len(picked) + 1)) + sum(float(s.biomass.sum()) for s in shelves) + float(daily.sum())
print(f"result: {checksum:.10e}")
