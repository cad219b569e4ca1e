# ruff: noqa
"""Courier dispatch for one city day: parcels appear in waves at random stops, each wave is
assigned greedily to the courier with the shortest travel time from where it stands (weighted by
the courier's load), couriers drive to their last parcel, and the day's report gives driven time
and the load balance across the fleet."""
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class DispatchConfig:
    n_stops: int = 500
    n_couriers: int = 14
    waves: int = 150
    parcels_per_wave: int = 30
    load_penalty: float = 0.35
    seed: int = 21


class City:
    def __init__(self, cfg, rng):
        self.xy = rng.uniform(0.0, 12.0, size=(cfg.n_stops, 2))
        self.speed = rng.uniform(18.0, 45.0, size=cfg.n_stops)
        self.minutes = road_minutes(self.xy, self.speed)

    def travel_times(self):
        return self.minutes


def road_minutes(xy, speed):
    gap = np.sqrt(((xy[:, None, :] - xy[None, :, :]) ** 2).sum(axis=-1))
    return 60.0 * 1.3 * gap / (0.5 * (speed[:, None] + speed[None, :]))


class Fleet:
    def __init__(self, cfg, rng):
        self.cfg = cfg
        self.at = rng.integers(0, cfg.n_stops, size=cfg.n_couriers)
        self.loads = np.zeros(cfg.n_couriers)
        self.driven = 0.0

    def best_courier(self, minutes, stop):
        standing = self.at.copy()
        return int(np.argmin(minutes[standing, stop] + self.cfg.load_penalty * self.loads))

    def assign_wave(self, city, stops):
        minutes = city.travel_times()
        loads_before = self.loads.copy()
        for stop in stops:
            c = self.best_courier(minutes, stop)
            self.driven += minutes[self.at[c], stop]
            self.at[c] = stop
            self.loads[c] += 1.0
        return float(np.abs(self.loads - loads_before).max())


def run_day(cfg):
    rng = np.random.default_rng(cfg.seed)
    city = City(cfg, rng)
    fleet = Fleet(cfg, rng)
    peaks = []
    wave = 0
    while wave < cfg.waves:
        stops = rng.integers(0, cfg.n_stops, size=cfg.parcels_per_wave)
        peaks.append(fleet.assign_wave(city, stops))
        fleet.loads *= 0.9
        wave += 1
    return fleet, peaks


fleet, peaks = run_day(DispatchConfig())
print(f"driven {fleet.driven / 60:.1f} h, busiest wave load {max(peaks):.0f}, fleet load {fleet.loads.sum():.2f}")
print(f"result: {fleet.driven + sum(peaks) + fleet.loads.sum():.10e}")
