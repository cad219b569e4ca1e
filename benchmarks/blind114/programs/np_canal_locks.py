# ruff: noqa
"""Canal-lock water budget: simulates a summer of boat traffic through a flight of locks, with
feeder streams topping up each pound, and reports overspill, the lowest level reached and the
number of minutes each pound spent below navigable depth."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

MINUTES = 1440
DAYS = 100


@dataclass(frozen=True)
class LockConfig:
    chamber_area: float = 95.0  # m^2
    lift: float = 2.1  # m
    crest: float = 1.85  # weir crest above navigable datum, m
    min_depth: float = 1.2


class Pound:
    def __init__(self, name: str, area: float, feeder: float, level: float, cfg: LockConfig):
        self.name = name
        self.area = area
        self.feeder = feeder
        self.level = level
        self.cfg = cfg
        self.spilled = 0.0
        self.low_minutes = 0
        self.lowest = level

    @staticmethod
    def integrate(start: float, net: np.ndarray) -> np.ndarray:
        levels = np.empty_like(net)
        level = start
        t = 0
        while t < net.size:
            level = level + net[t]
            levels[t] = level
            t += 1
        return levels

    def run_day(self, lockages_up: np.ndarray, lockages_down: np.ndarray, rain: float) -> None:
        volume = self.cfg.chamber_area * self.cfg.lift
        inflow = (self.feeder * (1.0 + rain) + lockages_down * volume) / self.area
        outflow = lockages_up * volume / self.area
        levels = self.integrate(self.level, inflow - outflow)
        over = np.maximum(levels - self.cfg.crest, 0.0)
        self.spilled += float(over.sum()) * self.area
        self.low_minutes += int((levels < self.cfg.min_depth).sum())
        self.lowest = min(self.lowest, float(levels.min()))
        self.level = min(float(levels[-1]), self.cfg.crest)


def gate_coefficients(pound: Pound) -> np.ndarray:
    # paddle discharge coefficients for the three paddle openings of the lock above a pound
    openings = np.array([[1.0, 0.25, 0.0625], [1.0, 0.5, 0.25], [1.0, 1.0, 1.0]])
    return np.linalg.inv(openings) @ np.array([0.0, 0.41, 0.62])


def traffic(rng: np.random.Generator, day: int, n_pounds: int):
    weekend = 1.6 if day % 7 in (5, 6) else 1.0
    hour = np.arange(MINUTES) / 60.0
    rate = weekend * 0.012 * np.exp(-0.5 * ((hour - 13.0) / 3.5) ** 2)
    up = rng.poisson(rate, size=(n_pounds, MINUTES)).astype(np.float64)
    down = rng.poisson(rate, size=(n_pounds, MINUTES)).astype(np.float64)
    return up, down


def main() -> None:
    rng = np.random.default_rng(7)
    cfg = LockConfig()
    pounds = [
        Pound(f"pound {i}", area=float(a), feeder=float(f), level=1.6, cfg=cfg)
        for i, (a, f) in enumerate(zip(rng.uniform(1500, 6000, 12), rng.uniform(0.005, 0.02, 12)))
    ]
    coeffs = []
    for pound in pounds:
        coeffs.append(gate_coefficients(pound))
    rain = rng.gamma(0.5, 0.6, size=DAYS)
    for day in range(DAYS):
        up, down = traffic(rng, day, len(pounds))
        for i, pound in enumerate(pounds):
            pound.run_day(up[i], down[i], rain[day])
    for p in pounds[:3]:
        print(f"{p.name}: spilled {p.spilled:.0f} m3, lowest {p.lowest:.3f} m, {p.low_minutes} low minutes")
    checksum = sum(p.spilled + p.lowest + p.low_minutes for p in pounds) + float(np.sum(coeffs))
    print(f"result: {checksum:.10e}")


if __name__ == "__main__":
    main()
