# ruff: noqa
"""Cheese-cave climate model: moisture diffuses along the cave's rack positions, the wheels on
each rack give off moisture as they ripen, and the humidifier adds some at the door end. The
cave is stepped implicitly through a week of ripening; hooks record the mean humidity and which
racks leave their band, and the program prints a short affinage report."""
import functools
from dataclasses import dataclass

import numpy as np


@dataclass
class CaveConfig:
    positions: int = 160
    hours: int = 24 * 7
    substeps: int = 8
    dt: float = 0.05
    diffusivity: float = 0.8
    door_gain: float = 0.002


def laplacian(n, k):
    lap = np.zeros((n, n))
    idx = np.arange(n)
    lap[idx, idx] = -2.0 * k
    lap[idx[:-1], idx[:-1] + 1] = k
    lap[idx[1:], idx[1:] - 1] = k
    lap[0, 0] = lap[-1, -1] = -k
    return lap


def implicit_step(humidity, source, lap, dt):
    system = np.eye(lap.shape[0]) - dt * lap
    inverse = np.linalg.inv(system)
    return inverse @ (humidity + dt * source)


class Cave:
    def __init__(self, cfg, rng):
        self.cfg = cfg
        self.humidity = rng.uniform(0.86, 0.92, size=cfg.positions)
        self.ripeness = rng.uniform(0.0, 0.3, size=cfg.positions)
        self.hooks = []

    def on_hour(self, hook):
        self.hooks.append(hook)

    def run(self, step):
        for hour in range(self.cfg.hours):
            for _ in range(self.cfg.substeps):
                source = 0.004 * self.ripeness * (0.95 - self.humidity)
                source[0] += self.cfg.door_gain
                self.humidity = step(self.humidity, source)
            self.ripeness = np.minimum(1.0, self.ripeness + 0.004 * self.humidity)
            for hook in self.hooks:
                hook(hour, self)


def main():
    cfg = CaveConfig()
    rng = np.random.default_rng(21)
    cave = Cave(cfg, rng)
    lap = laplacian(cfg.positions, cfg.diffusivity)
    step = functools.partial(implicit_step, lap=lap, dt=cfg.dt)
    log = []
    out_of_band = np.zeros(cfg.positions, dtype=np.int64)

    def record(hour, cave):
        log.append(cave.humidity.mean())

    def band_check(hour, cave):
        band = np.array([0.87, 0.93])
        out_of_band[(cave.humidity < band[0]) | (cave.humidity > band[1])] += 1

    cave.on_hour(record)
    cave.on_hour(band_check)
    cave.run(step)
    print(f"mean humidity: first day {np.mean(log[:24]):.4f}, last day {np.mean(log[-24:]):.4f}")
    print(f"rack positions out of band for any hour: {int((out_of_band > 0).sum())}")
    print(f"mean ripeness {cave.ripeness.mean():.4f}")
    print(f"result: {cave.humidity.sum() + cave.ripeness.sum() + out_of_band.sum():.10e}")


if __name__ == "__main__":
    main()
