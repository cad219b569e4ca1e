# ruff: noqa
"""Yarn matching for a woven tapestry: every pixel of a painted cartoon (a reflectance spectrum)
is matched to the closest yarn of the studio's palette in a standardised spectral space, and the
weaver gets the yarn counts per colour family and the mean matching error."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Palette:
    spectra: np.ndarray
    families: np.ndarray
    names: list = field(default_factory=list)

    def standardised(self):
        mu = self.spectra.mean(axis=0)
        sd = self.spectra.std(axis=0) + 1e-6
        z = (self.spectra - mu) / sd
        return z / np.linalg.norm(z, axis=1, keepdims=True), mu, sd


_STD = {}


def project(pixels, palette):
    if id(palette) not in _STD:
        _STD[id(palette)] = palette.standardised()
    z, mu, sd = _STD[id(palette)]
    q = (pixels - mu) / sd
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    return q @ z.T


def match_row(pixels, palette):
    sim = project(pixels, palette)
    best = sim.argmax(axis=1)
    return best, 1.0 - sim[np.arange(len(best)), best]


class Cartoon:
    def __init__(self, height, width, n_bands, rng):
        base = rng.random((6, n_bands))
        weights = rng.dirichlet(np.ones(6) * 0.7, size=(height, width))
        self.rows = weights @ base + 0.02 * rng.standard_normal((height, width, n_bands))

    def __iter__(self):
        return iter(self.rows)


def weave_plan(cartoon, palette):
    counts = np.zeros(len(palette.spectra), dtype=np.int64)
    err = 0.0
    for row in cartoon:
        best, e = match_row(row, palette)
        counts += np.bincount(best, minlength=len(counts))
        err += e.sum()
    return counts, err


rng = np.random.default_rng(11)
n_yarns, n_bands = 3000, 48
palette = Palette(rng.random((n_yarns, n_bands)), rng.integers(0, 12, size=n_yarns))
palette.names = [f"yarn-{i:04d}" for i in range(n_yarns)]
cartoon = Cartoon(360, 120, n_bands, rng)
counts, err = weave_plan(cartoon, palette)
reference = palette.spectra[:8].copy()
reference[:, 0] = 0.0
fam = np.bincount(palette.families, weights=counts, minlength=12)
print("yarn families:", " ".join(f"{int(c)}" for c in fam))
print(f"mean matching error {err / counts.sum():.5f}")
print(f"result: {err + (fam * np.arange(12)).sum() + reference.sum():.10e}")
