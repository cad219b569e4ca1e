# ruff: noqa
"""Eighteen-month maintenance simulation for an offshore wind farm: daily wind, wake coupling between
turbines, gearbox wear that grows with load, a crew that repairs the most worn turbines when
the sea is calm, and the energy and downtime per quarter."""
from dataclasses import dataclass

import numpy as np


@dataclass
class Layout:
    xy: np.ndarray
    wake_decay: float = 0.075
    rotor: float = 0.16

    def wake_matrix(self):
        d = self.xy[:, None, :] - self.xy[None, :, :]
        dist = np.sqrt((d ** 2).sum(-1)) + np.eye(len(self.xy))
        w = self.rotor * np.exp(-self.wake_decay * dist) / dist
        np.fill_diagonal(w, 0.0)
        return w / (1.5 * w.sum(axis=1, keepdims=True).max())


@dataclass
class Farm:
    layout: Layout
    health: np.ndarray

    @property
    def n(self):
        return len(self.health)

    @property
    def influence(self):
        coupling = np.eye(self.n) - self.layout.wake_matrix()
        return np.linalg.inv(coupling)

    def power(self, wind):
        free = np.clip(wind, 0.0, 25.0) ** 3 / 25.0 ** 3
        effective = self.influence @ free
        return np.clip(effective, 0.0, None) * self.health


class Crew:
    def __init__(self, size, calm_limit):
        self.size = size
        self.calm_limit = calm_limit
        self.jobs = 0

    def visit(self, farm, sea_state):
        if sea_state > self.calm_limit:
            return
        worst = np.argsort(farm.health)[: self.size]
        farm.health[worst] = 1.0
        self.jobs += len(worst)


def simulate(farm, crew, days, rng):
    energy = np.zeros(8)
    downtime = np.zeros(8)
    day = 0
    while day < days:
        quarter = min(day * 8 // days, 7)
        wind = rng.weibull(2.2, size=farm.n) * 9.5
        sea_state = rng.gamma(2.0, 0.8)
        produced = farm.power(wind)
        farm.health -= 0.12 * produced * rng.uniform(0.5, 1.5, size=farm.n)
        np.clip(farm.health, 0.0, 1.0, out=farm.health)
        snapshot = farm.health
        downtime[quarter] += (snapshot < 0.6).sum()
        crew.visit(farm, sea_state)
        energy[quarter] += produced.sum()
        day += 1
    return energy, downtime


def main():
    rng = np.random.default_rng(11)
    side = 15
    gx, gy = np.meshgrid(np.arange(side), np.arange(side))
    xy = np.stack([gx.ravel(), gy.ravel()], 1) * 7.0 + rng.normal(0, 0.8, size=(side * side, 2))
    farm = Farm(Layout(xy), health=np.ones(side * side))
    crew = Crew(size=6, calm_limit=1.4)
    energy, downtime = simulate(farm, crew, 450, rng)
    for q in range(8):
        print(f"Q{q + 1}: energy {energy[q]:10.2f}  turbine-days below 60%: {downtime[q]:5.0f}")
    print(f"repairs: {crew.jobs}")
    print(f"result: {energy.sum() + downtime.sum() + crew.jobs:.10e}")


if __name__ == "__main__":
    main()
