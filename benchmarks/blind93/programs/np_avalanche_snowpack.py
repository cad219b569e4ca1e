# ruff: noqa
"""Snowpack nowcast for a set of avalanche slopes: a layered heat-conduction model of each slope's
snow column is stepped through a storm cycle (air temperature and snowfall forcing), the new-snow
load is tracked, and each slope gets a danger level from its warmest layer and its load."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class StormForcing:
    hours: int = 3000
    report_every: int = 200
    conduction: float = 0.18

    def air(self, h, aspect):
        return -8.0 + 6.0 * np.sin(2 * np.pi * h / 24.0 + aspect)

    def snowfall(self, h):
        return 0.4 if (h // 300) % 3 == 0 else 0.05


@dataclass
class SlopeColumn:
    name: str
    aspect: float
    temps: np.ndarray
    density: np.ndarray
    load: float = 0.0
    loads: np.ndarray = field(default_factory=lambda: np.zeros(0))

    @property
    def warmest(self):
        return max(self.temps)

    def step(self, air, snowfall, k):
        t = self.temps
        t[1:-1] += k * (t[:-2] - 2.0 * t[1:-1] + t[2:])
        t[0] += k * (air - t[0])
        self.load += snowfall * self.density[0]
        return self.warmest

    def log_load(self):
        self.loads = np.append(self.loads, self.load)


def danger_level(warm, load):
    score = 0.6 * np.clip(warm + 6.0, 0.0, 6.0) + 0.02 * load
    return int(np.clip(score, 1, 5))


def make_slopes(rng, n_slopes, n_layers):
    slopes = []
    for i in range(n_slopes):
        temps = np.sort(rng.uniform(-15.0, -1.0, size=n_layers))[::-1].copy()
        density = rng.uniform(80.0, 400.0, size=n_layers)
        slopes.append(SlopeColumn(f"slope-{i:02d}", rng.uniform(0, 2 * np.pi), temps, density))
    return slopes


def run_storm(slopes, forcing):
    peak = {s.name: -99.0 for s in slopes}
    for h in range(forcing.hours):
        fall = forcing.snowfall(h)
        for s in slopes:
            w = s.step(forcing.air(h, s.aspect), fall, forcing.conduction)
            if w > peak[s.name]:
                peak[s.name] = w
        if h % forcing.report_every == 0:
            for s in slopes:
                s.log_load()
    return peak


rng = np.random.default_rng(11)
slopes = make_slopes(rng, 24, 240)
forcing = StormForcing()
peak = run_storm(slopes, forcing)
levels = {s.name: danger_level(peak[s.name], s.load) for s in slopes}
for name in sorted(levels, key=levels.get, reverse=True)[:4]:
    print(f"{name}: danger {levels[name]}, peak {peak[name]:.2f} C")
checksum = sum(float(s.temps.sum()) + float(s.loads.sum()) for s in slopes) + sum(levels.values())
print(f"result: {checksum:.10e}")
