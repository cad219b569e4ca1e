# ruff: noqa
"""Mass balance of a glacier's ablation stake network over several melt seasons: a degree-day
melt model drives each stake line's surface lowering from synthetic daily air temperatures,
snowfall refills the stakes, and the water equivalent of each line is accumulated into a
seasonal balance per line."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class MeltConfig:
    ddf_snow: float = 3.2e-3      # m w.e. per positive degree day
    ddf_ice: float = 7.5e-3
    lapse_rate: float = -6.5e-3   # K per m
    snow_threshold: float = 1.0   # deg C
    n_seasons: int = 6
    days_per_season: int = 150


@dataclass
class StakeLine:
    name: str
    elevation: np.ndarray        # m a.s.l. per stake
    density: np.ndarray          # kg m^-3 of the surface layer at each stake
    snow: np.ndarray = field(default=None)
    lowering: np.ndarray = field(default=None)

    def __post_init__(self):
        self.snow = np.full_like(self.elevation, 0.4)
        self.lowering = np.zeros_like(self.elevation)

    @property
    def water_equivalent(self):
        return sum(self.lowering * self.density) / 1000.0

    def melt_day(self, t_station, precip, cfg, station_z):
        temp = t_station + cfg.lapse_rate * (self.elevation - station_z)
        pdd = np.maximum(temp, 0.0)
        solid = np.where(temp < cfg.snow_threshold, precip, 0.0)
        self.snow += solid
        snow_melt = np.minimum(self.snow, cfg.ddf_snow * pdd)
        self.snow -= snow_melt
        ice_melt = np.where(self.snow <= 0.0, cfg.ddf_ice * pdd, 0.0)
        self.lowering += snow_melt * 0.35 + ice_melt


def make_network(rng, n_lines=24, stakes_per_line=600):
    lines = []
    for k in range(n_lines):
        base = 2300.0 + 40.0 * k
        elevation = np.sort(base + rng.uniform(0.0, 900.0, stakes_per_line))
        density = rng.uniform(350.0, 917.0, stakes_per_line)
        lines.append(StakeLine(f"L{k:02d}", elevation, density))
    return lines


def synthetic_weather(rng, cfg):
    days = np.arange(cfg.days_per_season)
    seasonal = 6.0 * np.sin(np.pi * days / cfg.days_per_season)
    temps = seasonal + rng.normal(0.0, 2.5, size=days.size)
    precip = rng.gamma(0.6, 0.006, size=days.size)
    return temps, precip


def run_campaign(cfg, lines, rng, station_z=2600.0):
    history = []
    balance = np.zeros(len(lines))
    for season in range(cfg.n_seasons):
        temps, precip = synthetic_weather(rng, cfg)
        for line in lines:
            line.lowering[:] = 0.0
        for day in range(cfg.days_per_season):
            for j, line in enumerate(lines):
                line.melt_day(temps[day], precip[day], cfg, station_z)
                balance[j] += line.water_equivalent * 1e-3
        history.append(balance.copy())
    return balance, history


def cumulative_totals(history):
    totals = np.empty(0)
    for snapshot in history:
        totals = np.append(totals, snapshot.sum())
    return totals


cfg = MeltConfig()
rng = np.random.default_rng(11)
lines = make_network(rng)
balance, history = run_campaign(cfg, lines, rng)
totals = cumulative_totals(history)
worst = int(np.argmax(balance))
print(f"seasons: {len(totals)}, most negative line: {lines[worst].name} ({balance[worst]:.4f} m w.e.)")
print(f"result: {balance.sum() + totals.sum():.10e}")
