# ruff: noqa
"""Probability-of-area update for a mountain-rescue search. Terrain cells of the search region are
described by a vector of terrain descriptors; every drone sweep returns a batch of cells with a
detection score, and each sector's probability of containing the missing hiker is updated with a
Gaussian terrain-likelihood model and the sweep's coverage."""
import numpy as np

N_FEATURES = 160
N_SECTORS = 12


class TerrainModel:
    def __init__(self, rng):
        basis = rng.normal(size=(N_FEATURES, N_FEATURES)) / np.sqrt(N_FEATURES)
        self.terrain_cov = basis @ basis.T + 0.5 * np.eye(N_FEATURES)
        self.mean = rng.normal(0.0, 0.3, size=N_FEATURES)

    def _mahalanobis(self, cells):
        precision = np.linalg.inv(self.terrain_cov)
        centred = cells - self.mean
        return ((centred @ precision) * centred).sum(axis=1)

    def log_likelihood(self, cells):
        return -0.5 * self._mahalanobis(cells) / N_FEATURES


class SectorScorer:
    def __init__(self, terrain, sector_weights):
        self.terrain = terrain
        self.sector_weights = sector_weights

    def score(self, cells, sector_of_cell, detection):
        weights = self.sector_weights.copy()
        ll = self.terrain.log_likelihood(cells) + np.log1p(detection)
        per_sector = np.bincount(sector_of_cell, weights=np.exp(ll), minlength=N_SECTORS)
        return per_sector * weights


def sweep(rng, n_cells):
    cells = rng.normal(0.0, 1.0, size=(n_cells, N_FEATURES))
    sector = rng.integers(0, N_SECTORS, size=n_cells)
    detection = rng.beta(0.5, 8.0, size=n_cells)
    return cells, sector, detection


rng = np.random.default_rng(31)
terrain = TerrainModel(rng)
scorer = SectorScorer(terrain, sector_weights=rng.dirichlet(np.ones(N_SECTORS)))
poa = np.full(N_SECTORS, 1.0 / N_SECTORS)
coverage = np.zeros(N_SECTORS)
for sweep_no in range(1500):
    cells, sector, detection = sweep(rng, 128)
    evidence = scorer.score(cells, sector, detection)
    seen = np.bincount(sector, minlength=N_SECTORS) / 128
    coverage = 1 - (1 - coverage) * (1 - 0.01 * seen)
    pod = 0.3 * seen
    poa = poa * (1 - pod) + 1e-3 * evidence
    poa /= poa.sum()
order = np.argsort(poa)[::-1]
for s in order[:4]:
    print(f"sector {s:2d}: POA {poa[s]:.4f}, coverage {coverage[s]:.3f}")
print(f"result: {float(poa @ np.arange(1, N_SECTORS + 1) + coverage.sum()):.10e}")
