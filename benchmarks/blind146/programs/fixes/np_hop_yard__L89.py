# ruff: noqa
"""Season simulation for a hop yard: cone growth on every bine driven by weekly weather, downy
mildew pressure spreading along the rows, a scouting pass each week that marks bines ready for
picking, and a harvest report of dry-cone yield per variety."""
from dataclasses import dataclass

import numpy as np

VARIETIES = ("cascade", "centennial", "fuggle", "saaz")
# weekly weather: mean temp (C), rain (mm), sun (h), humidity, wind, gdd base, frost, hail
WEATHER_COLS = 8


@dataclass
class YardConfig:
    n_rows: int = 20
    bines_per_row: int = 25
    cones_per_bine: int = 640
    weeks: int = 36
    ready_g: float = 1450.0
    dry_ratio: float = 0.22


@dataclass
class Bine:
    variety: str
    row: int
    cones: np.ndarray

    @property
    def wet_weight(self):
        return sum(self.cones)


def make_weather(weeks, rng):
    t = np.arange(weeks)
    temp = 12.0 + 8.0 * np.sin(np.pi * t / weeks) + rng.normal(0, 1.5, weeks)
    rain = rng.gamma(2.0, 6.0, weeks)
    sun = np.clip(30.0 + 15.0 * np.sin(np.pi * t / weeks) + rng.normal(0, 4, weeks), 0, None)
    humid = np.clip(0.6 + 0.01 * rain + rng.normal(0, 0.05, weeks), 0, 1)
    rest = rng.uniform(0, 1, (weeks, WEATHER_COLS - 4))
    return np.column_stack([temp, rain, sun, humid, rest])


class HopYard:
    def __init__(self, cfg, rng):
        self.cfg = cfg
        self.rng = rng
        n = cfg.n_rows * cfg.bines_per_row
        self.cones = rng.uniform(0.05, 0.2, (n, cfg.cones_per_bine))
        self.vigour = rng.lognormal(0.0, 0.15, (n, 1))
        self.mildew = np.zeros((cfg.n_rows, cfg.bines_per_row))
        self.bines = [
            Bine(VARIETIES[(i // cfg.bines_per_row) % 4], i // cfg.bines_per_row, self.cones[i])
            for i in range(n)
        ]

    def grow(self, weather):
        temp, rain, sun, humid = weather[:4]
        gdd = max(temp - 5.0, 0.0)
        rate = 0.004 * gdd * (1.0 + 0.01 * sun) * self.vigour
        noise = self.rng.normal(1.0, 0.08, self.cones.shape)
        penalty = 1.0 - 0.3 * self.mildew.reshape(-1, 1)
        self.cones *= 1.0 + rate * noise * penalty
        np.minimum(self.cones, 6.0, out=self.cones)

    def spread_mildew(self, weather):
        humid = weather[3]
        m = self.mildew
        near = np.zeros_like(m)
        near[:, 1:] += m[:, :-1]
        near[:, :-1] += m[:, 1:]
        near[1:] += 0.5 * m[:-1]
        near[:-1] += 0.5 * m[1:]
        infect = self.rng.uniform(0, 1, m.shape) < 0.002 + 0.05 * humid * near
        self.mildew = np.clip(m * 0.97 + 0.2 * infect, 0.0, 1.0)


def scout(yard, threshold):
    return [b for b in yard.bines if b.wet_weight > threshold]


def run_season(cfg, seed):
    rng = np.random.default_rng(seed)
    weather = make_weather(cfg.weeks, rng)
    yard = HopYard(cfg, rng)
    first_ready = {}
    for week in range(cfg.weeks):
        today = weather[week]
        yard.grow(today)
        yard.spread_mildew(today)
        for b in scout(yard, cfg.ready_g):
            first_ready.setdefault(id(b), week)
    return yard, first_ready


cfg = YardConfig()
yard, first_ready = run_season(cfg, 5)
dry = yard.cones.sum(axis=1) * cfg.dry_ratio
check = 0.0
for v in VARIETIES:
    mask = np.array([b.variety == v for b in yard.bines])
    print(f"{v:>10}: {dry[mask].sum() / 1000:.2f} kg dry, mean {dry[mask].mean():.1f} g per bine")
    check += dry[mask].sum()
weeks = np.array(list(first_ready.values()), dtype=float)
print(f"{len(first_ready)} bines ready, first at week {weeks.min() if weeks.size else -1:.0f}")
print(f"result: {check + weeks.sum() + yard.mildew.sum():.10e}")
