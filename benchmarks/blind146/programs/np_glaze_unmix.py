# ruff: noqa
"""Glaze test-tile analysis for a pottery: reflectance spectra of fired test tiles are unmixed
into contributions of the studio's stains and colouring oxides (ridge-regularised least squares
against a library of reference spectra), then tiles are grouped by their dominant colourant and
a table of mean loadings per colourant is printed."""
import numpy as np

WAVELENGTHS = np.linspace(380.0, 780.0, 320)


def reference_library(n_refs, rng):
    centers = rng.uniform(400.0, 760.0, n_refs)
    widths = rng.uniform(20.0, 90.0, n_refs)
    base = np.exp(-0.5 * ((WAVELENGTHS[:, None] - centers[None, :]) / widths[None, :]) ** 2)
    return base + 0.02 * rng.random((WAVELENGTHS.size, n_refs))


def fired_tiles(refs, n_tiles, rng):
    loads = rng.gamma(0.6, 1.0, (n_tiles, refs.shape[1])) * (rng.random((n_tiles, refs.shape[1])) < 0.2)
    spectra = loads @ refs.T
    return spectra + rng.normal(0.0, 0.01, spectra.shape), loads


class Unmixer:
    def __init__(self, refs, lam=1e-2):
        self.E = refs
        self.lam = lam

    def _gram_inverse(self):
        return np.linalg.inv(self.E.T @ self.E + self.lam * np.eye(self.E.shape[1]))

    def coefficients(self, spectra):
        G = self._gram_inverse()
        return (G @ (self.E.T @ spectra.T)).T

    def fit_batch(self, spectra):
        coef = np.clip(self.coefficients(spectra), 0.0, None)
        resid = spectra - coef @ self.E.T
        return coef, np.sqrt((resid**2).mean(axis=1))


def batches(a, size):
    for i in range(0, len(a), size):
        yield a[i : i + size]


def analyse(n_refs, n_tiles, batch, seed):
    rng = np.random.default_rng(seed)
    refs = reference_library(n_refs, rng)
    tiles, truth = fired_tiles(refs, n_tiles, rng)
    unmixer = Unmixer(refs)
    coefs, errs = [], []
    for chunk in batches(tiles, batch):
        c, e = unmixer.fit_batch(chunk)
        coefs.append(c)
        errs.append(e)
    return np.concatenate(coefs), np.concatenate(errs), truth


coef, err, truth = analyse(96, 36000, 24, 3)
dominant = coef.argmax(axis=1)
table = np.zeros((coef.shape[1], 2))
for j in range(coef.shape[1]):
    members = dominant == j
    table[j] = members.sum(), coef[members, j].mean() if members.any() else 0.0
top = np.argsort(table[:, 0])[::-1][:5]
for j in top:
    print(f"colourant {j:2d}: {int(table[j, 0])} tiles, mean loading {table[j, 1]:.3f}")
print(f"median residual {np.median(err):.4f}, recovery error {np.abs(coef - truth).mean():.4f}")
print(f"result: {coef.sum() + err.sum() + table.sum():.10e}")
