# ruff: noqa
"""Degree-heating-week monitoring for a network of coral reef sites: synthetic daily sea-surface
temperatures (seasonal cycle, slow drift and marine heatwaves), each site's heat stress over the
last twelve weeks, the bleaching alert level of every site on every day, and a monthly report."""
from dataclasses import dataclass, field

import numpy as np

ALERT_NAMES = ("no stress", "watch", "alert 1", "alert 2")
WINDOW_DAYS = 84


@dataclass
class ReefSite:
    name: str
    mmm: float
    sst: np.ndarray = field(repr=False)
    day: int = 0

    @property
    def hotspots(self):
        window = self.sst[max(0, self.day - WINDOW_DAYS) : self.day + 1]
        return np.clip(window - self.mmm, 0.0, None)

    @property
    def dhw(self):
        return float(self.hotspots.sum()) / 7.0


def alert_level(dhw):
    if dhw < 1.0:
        return 0
    if dhw < 4.0:
        return 1
    if dhw < 8.0:
        return 2
    return 3


def synthetic_sst(rng, n_sites, n_days):
    t = np.arange(n_days)
    base = 27.2 + rng.normal(0.0, 0.5, size=(n_sites, 1))
    season = 1.6 * np.sin(2.0 * np.pi * (t - 50) / 365.0)
    drift = np.cumsum(rng.normal(0.0, 0.03, size=(n_sites, n_days)), axis=1)
    waves = np.zeros((n_sites, n_days))
    for _ in range(3):
        start = rng.integers(0, n_days - 40, size=n_sites)
        length = rng.integers(10, 40, size=n_sites)
        amp = rng.uniform(0.5, 2.0, size=n_sites)
        mask = (t[None, :] >= start[:, None]) & (t[None, :] < (start + length)[:, None])
        waves += mask * amp[:, None]
    return base + season + drift + waves


class Monitor:
    def __init__(self, sites):
        self.sites = sites
        self.counts = np.zeros((len(sites), len(ALERT_NAMES)), dtype=np.int64)
        self.peak = np.zeros(len(sites))

    def observe(self, day):
        levels = np.empty(len(self.sites), dtype=np.int64)
        for k, site in enumerate(self.sites):
            site.day = day
            d = site.dhw
            levels[k] = alert_level(d)
            if d > self.peak[k]:
                self.peak[k] = d
        self.counts[np.arange(len(self.sites)), levels] += 1
        return levels


rng = np.random.default_rng(11)
n_sites, n_days = 300, 365
sst = synthetic_sst(rng, n_sites, n_days)
mmm = sst[:, :120].mean(axis=1) + 0.8
sites = [ReefSite(f"reef-{i:03d}", float(mmm[i]), sst[i]) for i in range(n_sites)]
monitor = Monitor(sites)
daily = np.empty(n_days)
for day in range(n_days):
    daily[day] = (monitor.observe(day) >= 2).mean()
monthly = np.zeros(0)
for month in range(12):
    monthly = np.append(monthly, daily[30 * month : 30 * month + 30].mean())
print("share of sites at alert 1+ by month:", np.round(monthly, 3))
print("days per alert level:", monitor.counts.sum(axis=0))
print(f"result: {monitor.peak.sum() + monitor.counts[:, 1:].sum() + monthly.sum():.10e}")
