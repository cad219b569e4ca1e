# ruff: noqa
"""Two-year grow-out simulation for a salmon hatchery: 48 rearing tanks of fry are fed on a
temperature-dependent ration every six hours, thinned by mortality and graded monthly; a
weigh-station ledger samples fish weights after every feeding. Prints the harvest biomass per
tank and a checksum of the weigh-station history."""
from dataclasses import dataclass

import numpy as np


@dataclass
class HatcheryConfig:
    tanks: int = 48
    fish_per_tank: int = 400
    steps: int = 2920  # six-hour feeding rounds over two years
    sampled_fish: int = 96
    seed: int = 2024


class WeighStation:
    """Keeps the sampled weights of every feeding round for the growth-curve report."""

    def __init__(self, sample_idx):
        self.sample_idx = sample_idx
        self.history = np.empty((0, len(sample_idx)))

    def record(self, step, weights):
        row = weights.ravel()[self.sample_idx]
        self.history = np.concatenate([self.history, row[None, :]], axis=0)

    def growth_curve(self):
        return self.history.mean(axis=1)


class Hatchery:
    def __init__(self, cfg, rng):
        self.cfg = cfg
        self.rng = rng
        self.weights = rng.lognormal(np.log(0.4), 0.25, size=(cfg.tanks, cfg.fish_per_tank))
        self.alive = np.ones_like(self.weights, dtype=bool)
        self.stocking = np.full(cfg.tanks, float(cfg.fish_per_tank))
        self.hooks = []

    def water_temperature(self, step):
        day = step / 4.0
        return 9.0 + 5.0 * np.sin(2 * np.pi * (day - 100.0) / 365.0)

    def feed(self, step):
        temp = self.water_temperature(step)
        ration = 0.0022 * np.exp(0.07 * (temp - 10.0))
        noise = self.rng.normal(1.0, 0.05, size=self.weights.shape)
        self.weights *= 1.0 + ration * noise * self.alive / (1.0 + self.weights / 4000.0)
        deaths = self.rng.random(self.weights.shape) < 2e-5
        self.alive &= ~deaths

    def grade(self):
        stocked = self.stocking.copy()
        counts = self.alive.sum(axis=1)
        self.stocking = np.minimum(stocked, counts)
        small = self.weights < np.percentile(self.weights, 5, axis=1, keepdims=True)
        self.weights = np.where(small, self.weights * 1.02, self.weights)

    def run(self):
        for step in range(self.cfg.steps):
            self.feed(step)
            if step % 120 == 119:
                self.grade()
            for hook in self.hooks:
                hook(step, self.weights)


cfg = HatcheryConfig()
rng = np.random.default_rng(cfg.seed)
farm = Hatchery(cfg, rng)
station = WeighStation(rng.choice(cfg.tanks * cfg.fish_per_tank, cfg.sampled_fish, replace=False))
farm.hooks.append(station.record)
farm.run()
biomass = (farm.weights * farm.alive).sum(axis=1) / 1000.0
curve = station.growth_curve()
print(f"harvest biomass: {biomass.mean():.1f} kg per tank, final mean {curve[-1]:.1f} g")
print(f"result: {biomass.sum() + curve.sum():.10e}")
