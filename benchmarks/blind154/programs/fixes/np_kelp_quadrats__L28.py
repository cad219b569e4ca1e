# ruff: noqa
"""Kelp-forest survey screening: every dive's quadrat counts (species abundances and canopy
measurements) are compared with a reference habitat profile by their Mahalanobis distance, and
dives far from the reference are flagged for a second survey. Prints the flagged dives per site."""
from dataclasses import dataclass

import numpy as np

N_FEATURES = 220
SITES = ["Point Lobos", "Stillwater Cove", "Monastery Beach", "Otter Point", "Lovers Point"]


@dataclass
class Dive:
    site: str
    number: int
    counts: np.ndarray
    canopy: np.ndarray


class HabitatModel:
    def __init__(self, reference):
        self.mean = reference.mean(axis=0)
        centred = reference - self.mean
        self.cov = centred.T @ centred / (len(reference) - 1) + 0.05 * np.eye(reference.shape[1])
        self._prec = np.linalg.inv(self.cov)

    def _precision(self):
        return self._prec

    def _whiten(self, x):
        d = x - self.mean
        return d @ self._precision() @ d

    def distance(self, dive):
        return float(np.sqrt(self._whiten(dive.canopy)))


def richness(dive):
    counts = dive.counts.copy()
    return int((counts > 0).sum())


def make_dives(n, rng):
    dives = []
    for i in range(n):
        site = SITES[i % len(SITES)]
        counts = rng.poisson(rng.uniform(0.2, 4.0, 12))
        canopy = rng.normal(0.0, 1.0, N_FEATURES) * (1.0 + 0.3 * (i % 7 == 0))
        dives.append(Dive(site, i, counts, canopy))
    return dives


rng = np.random.default_rng(5)
reference = rng.normal(0.0, 1.0, (800, N_FEATURES))
model = HabitatModel(reference)
dives = make_dives(1000, rng)

flagged = {site: [] for site in SITES}
total = 0.0
for dive in dives:
    dist = model.distance(dive)
    total += dist + 0.01 * richness(dive)
    if dist > 17.5:
        flagged[dive.site].append(dive.number)

for site in SITES:
    print(f"{site:>16}: {len(flagged[site])} dives flagged")
print(f"result: {total:.10e}")
