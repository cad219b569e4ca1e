# ruff: noqa
"""Lighthouse lantern survey: every night the photometer ring around the Fresnel lens reads the
beam intensity at fixed bearings; a least-squares fit of the lens's harmonic attenuation profile
is made per night, soot build-up is tracked over the season, and the nights that call for a lens
cleaning are reported."""
import numpy as np

N_BEARINGS = 3000
N_HARMONICS = 40


def design_matrix(bearings):
    cols = [np.ones_like(bearings)]
    for k in range(1, N_HARMONICS // 2):
        cols.append(np.cos(k * bearings))
        cols.append(np.sin(k * bearings))
    cols.append(bearings / np.pi)
    return np.stack(cols, axis=1)


class PhotometerRing:
    def __init__(self, rng):
        self.bearings = np.sort(rng.uniform(0.0, 2 * np.pi, N_BEARINGS))
        self.design = design_matrix(self.bearings)
        self.gain = rng.uniform(0.95, 1.05, N_BEARINGS)

    def read(self, night, rng, true_coef):
        clean = self.design @ true_coef
        soot = 1.0 - 0.0009 * night * (1.0 + 0.3 * np.cos(self.bearings))
        return self.gain * clean * soot + rng.normal(0.0, 0.02, N_BEARINGS)


def _normal_solve(X, y):
    gram_inv = np.linalg.inv(X.T @ X)
    return gram_inv @ (X.T @ y)


def fit_profile(ring, readings):
    coef = _normal_solve(ring.design, readings / ring.gain)
    resid = readings / ring.gain - ring.design @ coef
    return coef, float(resid @ resid)


def nightly_check(ring, night, rng, true_coef, reference):
    readings = ring.read(night, rng, true_coef)
    coef, rss = fit_profile(ring, readings)
    ref = reference
    loss = 1.0 - coef[0] / ref[0]
    return coef, rss, loss


rng = np.random.default_rng(3)
ring = PhotometerRing(rng)
true_coef = np.concatenate([[10.0], rng.normal(0.0, 0.3, N_HARMONICS - 1)])
reference = true_coef.copy()
losses, rss_all, coefs = [], [], []
for night in range(2000):
    coef, rss, loss = nightly_check(ring, night, rng, true_coef, reference)
    losses.append(loss)
    rss_all.append(rss)
    coefs.append(coef)
losses = np.array(losses)
clean_nights = np.flatnonzero(np.diff((losses > 0.25).astype(int)) == 1)
print(f"cleaning due on nights {clean_nights.tolist()[:10]}; final soot loss {losses[-1]:.3f}")
print(f"result: {losses.sum() + sum(rss_all) + np.abs(np.array(coefs)).sum():.10e}")
