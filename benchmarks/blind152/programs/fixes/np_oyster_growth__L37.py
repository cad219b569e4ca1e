# ruff: noqa
"""Season simulation for an oyster lease: bags of oysters on long-lines grow with water
temperature and food, suffer mortality in heat waves, and are graded and split at harvest. A
set of callbacks watches the simulation day by day: one keeps the shell-length record of the
sentinel bags, one notes each harvest, one tracks the lease's biomass."""
from dataclasses import dataclass

import numpy as np


@dataclass
class LeaseConfig:
    n_bags: int = 6000
    n_sentinels: int = 300
    days: int = 1500
    harvest_every: int = 300
    k_growth: float = 0.0045
    l_inf: float = 110.0


class SentinelRecorder:
    def __init__(self, bag_ids):
        self.bag_ids = bag_ids
        self.lengths = np.empty(0)

    def on_day(self, day, state):
        self.lengths = np.append(self.lengths, state.length[self.bag_ids])


class HarvestLog:
    def __init__(self):
        self.items = []

    @property
    def rows(self):
        return np.array(self.items).reshape(-1, 3)

    def on_day(self, day, state):
        if state.harvested_today:
            self.items.append([day, state.last_harvest_count, state.last_harvest_mean])


class BiomassTracker:
    def __init__(self):
        self.total = 0.0

    def on_day(self, day, state):
        self.total += float((state.alive * state.length ** 3).sum()) * 1e-9


class LeaseState:
    def __init__(self, cfg, rng):
        self.length = rng.uniform(8.0, 20.0, cfg.n_bags)
        self.alive = np.full(cfg.n_bags, 150.0)
        self.harvested_today = False
        self.last_harvest_count = 0.0
        self.last_harvest_mean = 0.0


def water(day, rng):
    temp = 16.0 + 7.0 * np.sin(2.0 * np.pi * (day - 100) / 365.0) + rng.normal(0.0, 0.8)
    food = 1.0 + 0.5 * np.cos(2.0 * np.pi * day / 365.0)
    return temp, food


def simulate(cfg, rng, callbacks):
    state = LeaseState(cfg, rng)
    site_factor = rng.uniform(0.8, 1.2, cfg.n_bags)
    day = 0
    while day < cfg.days:
        temp, food = water(day, rng)
        rate = cfg.k_growth * food * max(temp - 6.0, 0.0) / 10.0
        state.length += rate * site_factor * (cfg.l_inf - state.length)
        if temp > 22.0:
            state.alive *= 1.0 - 0.002 * (temp - 22.0) * rng.uniform(0.5, 1.5, cfg.n_bags)
        state.harvested_today = day > 0 and day % cfg.harvest_every == 0
        if state.harvested_today:
            ready = state.length > 76.0
            state.last_harvest_count = float(state.alive[ready].sum())
            state.last_harvest_mean = float(state.length[ready].mean()) if ready.any() else 0.0
            state.length[ready] = rng.uniform(8.0, 20.0, int(ready.sum()))
            state.alive[ready] = 150.0
        for cb in callbacks:
            cb.on_day(day, state)
        day += 1
    return state


cfg = LeaseConfig()
rng = np.random.default_rng(2024)
sentinels = SentinelRecorder(np.sort(rng.choice(cfg.n_bags, cfg.n_sentinels, replace=False)))
harvests = HarvestLog()
biomass = BiomassTracker()
state = simulate(cfg, rng, [sentinels, harvests, biomass])
record = sentinels.lengths.reshape(cfg.days, cfg.n_sentinels)
print(f"harvests: {len(harvests.rows)}, oysters out: {harvests.rows[:, 1].sum():.0f}")
print(f"sentinel mean length at end {record[-1].mean():.2f} mm, biomass-days {biomass.total:.3f}")
print(f"result: {record.mean() + harvests.rows.sum() + biomass.total + state.alive.sum() * 1e-3:.10e}")
