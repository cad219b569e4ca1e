"""Canopy-temperature monitoring for a vineyard: each block's leaf sensors are read every ten
minutes over a season, heat-stress alerts are raised per block, and spray windows are scheduled
from the season's wind and humidity readings."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Block:
    name: str
    offsets: np.ndarray
    alerts: int = 0
    hottest: float = -np.inf
    history: list = field(default_factory=list)

    def record(self, reading, limit):
        peak = reading.max()
        if peak > limit:
            self.alerts += 1
        self.hottest = peak if peak > self.hottest else self.hottest
        self.history.append(float(reading.mean()))


class CanopyMonitor:
    WEIGHTS = [0.35, 0.25, 0.2, 0.2]

    def __init__(self, n_blocks, n_sensors, rng):
        self.rng = rng
        self.blocks = [Block(f"block-{b:02d}", rng.normal(0.0, 0.8, n_sensors))
                       for b in range(n_blocks)]

    def stress_limit(self, hour):
        base = sum(self.WEIGHTS) * 30.5
        return base + 1.5 * np.cos(2 * np.pi * hour / 24.0)

    def run(self, n_steps):
        air = 18.0 + 9.0 * np.sin(np.linspace(0, 2 * np.pi * n_steps / 144, n_steps))
        for step in range(n_steps):
            limit = self.stress_limit(step / 6.0)
            noise = self.rng.normal(0.0, 1.2, (len(self.blocks), self.blocks[0].offsets.size))
            for blk, eps in zip(self.blocks, noise):
                blk.record(air[step] + blk.offsets + eps, limit)


rng = np.random.default_rng(11)
mon = CanopyMonitor(n_blocks=30, n_sensors=240, rng=rng)
mon.run(6000)
wind = rng.gamma(2.0, 2.0, 6000)
humid = rng.uniform(30, 95, 6000)
window = (wind < 4.0) & (humid < 70)
total_alerts = sum(b.alerts for b in mon.blocks)
means = np.array([np.mean(b.history) for b in mon.blocks])
hottest = np.array([b.hottest for b in mon.blocks])
print(f"alerts: {total_alerts}, spray windows: {int(window.sum())}")
print(f"result: {means.sum() + hottest.sum() + total_alerts + window.sum():.10e}")
