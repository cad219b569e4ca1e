# ruff: noqa
"""Age-depth model for a marine sediment core: sedimentation rates per 1 cm slice are perturbed
in a Monte Carlo ensemble, accumulated into ages, and the core's d18O proxy is put on a regular
time grid for every ensemble member; the stacked record is then averaged in glacial stages."""
from dataclasses import dataclass

import numpy as np


@dataclass
class Core:
    depth_cm: np.ndarray
    years_per_cm: np.ndarray
    d18o: np.ndarray


def make_core(rng, n):
    depth = np.arange(n, dtype=np.float64)
    rate = 8.0 + 3.0 * np.sin(depth / 900.0) + rng.gamma(2.0, 0.5, size=n)
    d18o = 3.5 + 0.8 * np.sin(depth / 350.0) + rng.normal(0.0, 0.1, size=n)
    return Core(depth, rate, d18o)


def accumulate_ages(years_per_cm, top_age=0.0):
    ages = np.empty_like(years_per_cm)
    total = top_age
    for i, r in enumerate(years_per_cm):
        total += r
        ages[i] = total
    return ages


class AgeEnsemble:
    def __init__(self, core, grid, rng, spread=0.12):
        self.core = core
        self.grid = grid
        self.rng = rng
        self.spread = spread

    def members(self, n_members):
        for _ in range(n_members):
            factor = self.rng.lognormal(0.0, self.spread, size=self.core.years_per_cm.size)
            ages = accumulate_ages(self.core.years_per_cm * factor, top_age=50.0)
            yield np.interp(self.grid, ages, self.core.d18o)


rng = np.random.default_rng(11)
core = make_core(rng, 24000)
grid = np.linspace(100.0, 150000.0, 30000)
ensemble = AgeEnsemble(core, grid, rng)
stack = np.zeros_like(grid)
sq = np.zeros_like(grid)
n = 0
for record in ensemble.members(800):
    stack += record
    sq += record * record
    n += 1
mean = stack / n
sd = np.sqrt(np.maximum(sq / n - mean * mean, 0.0))

stage_edges = [0, 14000, 29000, 57000, 71000, 130000, 150001]
stage_means = []
for k in range(len(stage_edges) - 1):
    sel = (grid >= stage_edges[k]) & (grid < stage_edges[k + 1])
    stage_means.append(float(mean[sel].mean()))
print("stage means:", ", ".join(f"{m:.3f}" for m in stage_means))
print(f"result: {mean.sum() + sd.sum() + sum(stage_means):.10e}")
