# ruff: noqa
"""Plant-pollinator network dynamics for a meadow season: each bee species splits its foraging
effort over flowering plant species by preference and floral abundance; visits pollinate, seed
set feeds next season's flower cover, and bee colonies grow with the nectar they collect.
Reports nestedness-style summaries of the visit network at the end of the season."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Meadow:
    preference: np.ndarray      # (bees, plants)
    nectar: np.ndarray          # per plant
    abundance: np.ndarray       # flower cover per plant
    colonies: np.ndarray        # colony size per bee species
    history: list = field(default_factory=list)

    def effort(self):
        attract = self.nectar * self.abundance
        weights = np.fromiter(map(lambda row: row @ attract, self.preference), float, len(self.preference))
        return self.colonies / (1.0 + weights)

    def day(self, t, phenology):
        cover = self.abundance * phenology[t]
        visits = self.effort()[:, None] * self.preference * cover[None, :]
        pollinated = visits.sum(axis=0)
        food = (visits * self.nectar[None, :]).sum(axis=1)
        self.colonies = self.colonies * (1.0 + 0.02 * np.tanh(food / (1.0 + self.colonies) - 0.3))
        self.abundance = np.clip(self.abundance + 0.001 * pollinated / (1.0 + pollinated)
                                 - 0.0005 * self.abundance, 0.01, 5.0)
        if t % 60 == 0:
            self.history.append(self.abundance.copy())
        return visits


def make_meadow(rng, n_bees, n_plants):
    traits_b = rng.normal(size=(n_bees, 4))
    traits_p = rng.normal(size=(n_plants, 4))
    pref = np.exp(-0.5 * ((traits_b[:, None, :] - traits_p[None, :, :]) ** 2).sum(-1))
    pref /= pref.sum(axis=1, keepdims=True)
    return Meadow(pref, rng.uniform(0.2, 2.0, n_plants), rng.uniform(0.5, 1.5, n_plants),
                  rng.uniform(50, 500, n_bees))


rng = np.random.default_rng(11)
meadow = make_meadow(rng, n_bees=400, n_plants=60)
n_days = 2400
onset = rng.uniform(0, n_days, size=60)
phenology = np.exp(-0.5 * ((np.arange(n_days)[:, None] - onset[None, :]) / 300.0) ** 2) + 0.05
network = np.zeros((400, 60))
for t in range(n_days):
    network += meadow.day(t, phenology)
links = (network > network.mean()).sum()
print(f"links above mean: {links}, colonies total {meadow.colonies.sum():.1f}")
print(f"result: {network.sum() / 1e3 + meadow.colonies.sum() + meadow.abundance.sum() + len(meadow.history):.10e}")
