# ruff: noqa
"""Apiary scale logger: simulates the weight of every hive across a season (nectar flow, foraging
loss, rain days), keeps a rolling window of readings per hive, and flags hives for a honey
harvest from their daily report."""
from dataclasses import dataclass, field

import numpy as np

APIARIES = ["orchard", "heath", "riverside", "lime-walk"]


@dataclass
class Hive:
    name: str
    apiary: int
    window: np.ndarray = field(default_factory=lambda: np.zeros(0))
    harvested: float = 0.0

    def log(self, readings):
        self.window = readings

    @property
    def peak_gain(self):
        return max(self.window) - self.window[0]

    @property
    def mean_weight(self):
        return float(self.window.mean())


@dataclass
class SeasonConfig:
    n_hives: int = 200
    n_days: int = 220
    readings_per_day: int = 288
    harvest_gain: float = 1.0


def nectar_flow(day, n_days):
    return 0.6 * np.sin(np.pi * day / n_days) ** 2


def simulate(cfg, rng):
    hives = [Hive(f"hive-{i:03d}", i % len(APIARIES)) for i in range(cfg.n_hives)]
    weights = rng.uniform(30.0, 45.0, size=cfg.n_hives)
    strength = rng.uniform(0.6, 1.4, size=cfg.n_hives)
    flags = 0
    for day in range(cfg.n_days):
        rain = rng.random() < 0.2
        flow = 0.0 if rain else nectar_flow(day, cfg.n_days)
        steps = rng.normal(flow / cfg.readings_per_day, 0.02, size=(cfg.n_hives, cfg.readings_per_day))
        trace = weights[:, None] + np.cumsum(steps * strength[:, None], axis=1)
        weights = trace[:, -1] - 0.05
        for h, hive in enumerate(hives):
            hive.log(trace[h])
            if hive.peak_gain > cfg.harvest_gain:
                hive.harvested += hive.peak_gain
                weights[h] -= hive.peak_gain
                flags += 1
    return hives, weights, flags


def apiary_summary(hives, weights):
    out = []
    for a in range(len(APIARIES)):
        sel = np.array([h.apiary == a for h in hives])
        out.append(weights[sel].mean())
    return np.array(out)


rng = np.random.default_rng(11)
cfg = SeasonConfig()
hives, weights, flags = simulate(cfg, rng)
summary = apiary_summary(hives, weights)
for name, w in zip(APIARIES, summary):
    print(f"{name:>10}: mean weight {w:.2f} kg")
harvest = sum(h.harvested for h in hives)
print(f"harvest flags: {flags}, honey taken: {harvest:.2f} kg")
print(f"result: {harvest + summary.sum() + flags + weights.sum():.10e}")
