# ruff: noqa
"""Affinage cave for a cheesemonger: wheels age on shelves (ripeness grows with temperature and
humidity, weight drops as they lose moisture); each day's orders are served from the shelf
whose wheels are ripest, wheels sold are replaced by young ones, and the month's takings and
cave state are reported."""
from dataclasses import dataclass, field

import numpy as np

WHEELS_PER_SHELF = 240


@dataclass
class Shelf:
    label: str
    ripeness: np.ndarray
    weight: np.ndarray
    rind_flags: np.ndarray = field(default_factory=lambda: np.zeros(6, dtype=bool))

    def age(self, temp, humidity):
        self.ripeness += 0.01 * temp * (1.2 - 0.5 * humidity)
        self.weight *= 1.0 - 0.0004 * (1.0 - humidity)

    def sell(self, n, price_per_kg):
        order = np.argsort(self.ripeness)[-n:]
        takings = float((self.weight[order] * price_per_kg).sum())
        self.ripeness[order] = 0.0
        self.weight[order] = 9.0 + 0.5 * np.sin(order)
        return takings


@dataclass
class Cave:
    shelves: list
    temp: float = 11.5
    humidity: float = 0.92

    def ripest_shelf(self):
        return max(self.shelves, key=lambda shelf: sum(shelf.ripeness))

    def inspect(self, day):
        for shelf in self.shelves:
            shelf.rind_flags[day % 6] = shelf.weight.min() < 8.5
            if shelf.rind_flags.any():
                shelf.weight += 0.001


def open_cave(rng, n_shelves):
    shelves = [Shelf(f"S{i:02d}", rng.uniform(0, 30, WHEELS_PER_SHELF), rng.uniform(8.8, 9.6, WHEELS_PER_SHELF))
               for i in range(n_shelves)]
    return Cave(shelves)


def trade(cave, days, orders_per_day, rng):
    takings = 0.0
    for day in range(days):
        cave.temp = 11.5 + 1.5 * np.sin(2 * np.pi * day / 30)
        for shelf in cave.shelves:
            shelf.age(cave.temp, cave.humidity)
        for _ in range(orders_per_day):
            shelf = cave.ripest_shelf()
            takings += shelf.sell(int(rng.integers(1, 4)), 38.0)
        if day % 5 == 0:
            cave.inspect(day)
    return takings


rng = np.random.default_rng(1642)
cave = open_cave(rng, 28)
takings = trade(cave, 60, 35, rng)
ripeness = np.stack([s.ripeness for s in cave.shelves])
weight = np.stack([s.weight for s in cave.shelves])
print(f"takings: {takings:.2f}, mean ripeness {ripeness.mean():.3f}, cave weight {weight.sum():.1f} kg")
print(f"result: {takings + ripeness.sum() + weight.sum():.10e}")
