# ruff: noqa
"""Cocoa bean fermentation model: yeast, lactic-acid and acetic-acid bacteria populations in a
grid of fermentation boxes, with a temperature-dependent growth rate, substrate depletion and
turning events, integrated over six days; reports acidity and the fermentation index per box."""
import math

import numpy as np


def growth_rate(temp_c, t_opt, mu_max):
    if temp_c > 52.0:
        return 0.0
    if temp_c < t_opt:
        return mu_max * math.exp(-0.5 * ((temp_c - t_opt) / 8.0) ** 2)
    return mu_max * (52.0 - temp_c) / (52.0 - t_opt)


class Species:
    def __init__(self, name, t_opt, mu_max, yield_acid):
        self.name = name
        self.t_opt = t_opt
        self.mu_max = mu_max
        self.yield_acid = yield_acid
        self._rate = np.vectorize(growth_rate)

    def rates(self, temp):
        return self._rate(temp, self.t_opt, self.mu_max)


class Fermenter:
    def __init__(self, n_boxes, rng):
        self.temp = rng.uniform(24.0, 28.0, size=n_boxes)
        self.sugar = rng.uniform(90.0, 110.0, size=n_boxes)
        self.pop = {"yeast": np.full(n_boxes, 0.05), "lab": np.full(n_boxes, 0.02), "aab": np.full(n_boxes, 0.01)}
        self.acid = np.zeros(n_boxes)

    def step(self, species, dt, turning):
        heat = np.zeros_like(self.temp)
        for sp in species:
            mu = sp.rates(self.temp)
            p = self.pop[sp.name]
            uptake = np.minimum(mu * p * self.sugar / (self.sugar + 5.0) * dt, self.sugar)
            self.sugar -= uptake
            self.pop[sp.name] = p + uptake * 0.1 - 0.01 * p * dt
            self.acid += sp.yield_acid * uptake
            heat += 0.02 * uptake
        self.temp += heat - 0.015 * (self.temp - 25.0) * dt - (3.0 if turning else 0.0)


rng = np.random.default_rng(21)
species = [Species("yeast", 30.0, 0.5, 0.2), Species("lab", 35.0, 0.35, 0.6), Species("aab", 42.0, 0.3, 0.9)]
_sp = np.array([25.0, 30.0, 35.0, 40.0, 45.0, 50.0])
setpoints = np.where(_sp > 52.0, 0.0, np.where(_sp < 35.0, 0.4 * np.exp(-0.5 * ((_sp - 35.0) / 8.0) ** 2), 0.4 * (52.0 - _sp) / (52.0 - 35.0)))
ferm = Fermenter(16000, rng)
dt = 0.5
for k in range(288):
    ferm.step(species, dt, turning=(k % 96 == 48))
index = ferm.acid / (1.0 + ferm.sugar)
print(f"mean acidity {ferm.acid.mean():.3f}, fermentation index {index.mean():.4f}")
print(f"result: {index.sum() + ferm.temp.sum() + setpoints.sum():.10e}")
