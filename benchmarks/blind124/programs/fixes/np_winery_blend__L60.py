# ruff: noqa
"""Quality control for a winery's blending cellar: every lab batch of tank samples (chemistry
panels of 160 assays) is scored against the house-style reference profile by Mahalanobis
distance, the closest tanks are proposed for the blend, and a per-vintage summary is printed."""
from dataclasses import dataclass

import numpy as np

VINTAGES = [2019, 2020, 2021, 2022, 2023, 2024]


@dataclass
class ReferenceProfile:
    mean: np.ndarray
    cov: np.ndarray
    ridge: float = 1e-3

    @classmethod
    def from_samples(cls, samples):
        return cls(samples.mean(axis=0), np.cov(samples, rowvar=False))


class BlendScorer:
    def __init__(self, profile, top_k=5):
        self.profile = profile
        self.top_k = top_k

    def _precision(self):
        p = self.profile
        return np.linalg.inv(p.cov + p.ridge * np.eye(p.cov.shape[0]))

    def distances(self, batch):
        centred = batch - self.profile.mean
        return np.einsum("ij,jk,ik->i", centred, self._precision(), centred)

    def propose(self, batch):
        d = self.distances(batch)
        return np.sort(d)[: self.top_k]


def lab_batches(rng, n_batches, batch_size, n_assays, drift):
    for b in range(n_batches):
        shift = drift * np.sin(b / 7.0)
        yield rng.normal(shift, 1.0, size=(batch_size, n_assays))


def run_cellar(rng):
    n_assays = 160
    basis = rng.normal(size=(n_assays, n_assays)) / np.sqrt(n_assays)
    reference = rng.normal(size=(3000, n_assays)) @ basis + 0.1 * rng.normal(size=(3000, n_assays))
    scorer = BlendScorer(ReferenceProfile.from_samples(reference))
    best = []
    for batch in lab_batches(rng, 900, 24, n_assays, drift=0.3):
        best.append(scorer.propose(batch @ basis))
    return np.array(best)


def vintage_summary(best):
    per = [best[k::len(VINTAGES)].mean() for k in range(len(VINTAGES))]
    return np.array(per)


rng = np.random.default_rng(2024)
best = run_cellar(rng)
summary = vintage_summary(best)
for year, s in zip(VINTAGES, summary):
    print(f"vintage {year}: mean best distance {s:.3f}")
print(f"result: {best.sum() + summary.sum():.10e}")
