# ruff: noqa
"""Bakery production simulator: a week of oven shifts in which dough batches are proofed, baked
and cooled; oven temperatures follow a heating model with door openings, and every finished
batch is logged through callbacks for a quality report at the end."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Oven:
    name: str
    setpoint: float
    temp: float = 20.0
    gain: float = 0.08


@dataclass
class BatchLog:
    rows: np.ndarray = field(default_factory=lambda: np.empty((0, 5)))

    def record(self, day, oven_id, temp, weight, score):
        self.rows = np.concatenate([self.rows, np.array([[day, oven_id, temp, weight, score]])])


class Bakery:
    def __init__(self, ovens, rng, hooks=()):
        self.ovens = ovens
        self.rng = rng
        self.hooks = list(hooks)

    def heat(self, oven, minutes):
        for _ in range(minutes):
            oven.temp += oven.gain * (oven.setpoint - oven.temp)

    def bake(self, day, oven_id, oven, dough):
        self.heat(oven, 3)
        oven.temp -= self.rng.uniform(5.0, 15.0)
        crust = np.tanh((oven.temp - 180.0) / 40.0)
        loss = 0.12 + 0.02 * crust + 0.001 * dough.std()
        weight = float(dough.sum() * (1.0 - loss))
        score = float(np.clip(8.0 + 2.0 * crust - abs(loss - 0.12) * 50, 0, 10))
        for hook in self.hooks:
            hook(day, oven_id, oven.temp, weight, score)
        return weight

    def run_day(self, day, n_batches):
        total = 0.0
        for b in range(n_batches):
            oven_id = b % len(self.ovens)
            dough = self.rng.normal(0.5, 0.02, size=24)
            total += self.bake(day, oven_id, self.ovens[oven_id], dough)
        return total


rng = np.random.default_rng(3)
ovens = [Oven("deck", 230.0), Oven("rack", 200.0), Oven("convection", 180.0)]
log = BatchLog()
bakery = Bakery(ovens, rng, hooks=[log.record])
daily = []
for day in range(7):
    daily.append(bakery.run_day(day, 2600))
daily = np.array(daily)
rows = log.rows
by_oven = [rows[rows[:, 1] == k, 4].mean() for k in range(len(ovens))]
print("kg per day:", np.round(daily, 1))
print("mean score per oven:", np.round(by_oven, 3))
print(f"result: {daily.sum() + rows[:, 2].sum() + rows[:, 4].sum():.10e}")
