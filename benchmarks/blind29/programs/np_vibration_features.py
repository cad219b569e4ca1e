# ruff: noqa
"""Condition monitoring of pumps from vibration snapshots: each snapshot (a row of samples)
is turned into a feature vector (RMS, crest factor, spread between percentiles, band energies),
features are standardised per pump, and a nearest-centroid health score is reported."""
import numpy as np
from functools import partial


def rms(block):
    return np.sqrt(np.mean(block ** 2, axis=1))


def crest(block):
    return np.abs(block).max(axis=1) / rms(block)


def spread(row, lo, hi):
    a, b = np.percentile(row, [lo, hi])
    return b - a


def band_energy(block, bands):
    spec = np.abs(np.fft.rfft(block, axis=1)) ** 2
    return np.stack([spec[:, a:b].sum(axis=1) for a, b in bands], axis=1)


class FeatureExtractor:
    def __init__(self, bands):
        self.steps = {
            "rms": rms,
            "crest": crest,
            "spread": lambda block: np.apply_along_axis(partial(spread, lo=5, hi=95), 1, block),
            "bands": partial(band_energy, bands=bands),
        }

    def transform(self, block):
        cols = []
        for name, fn in self.steps.items():
            out = fn(block)
            cols.append(out if out.ndim == 2 else out[:, None])
        return np.hstack(cols)


def snapshots(rng, n_pumps, per_pump, length):
    t = np.arange(length) / 2000.0
    for pump in range(n_pumps):
        f0 = 50 + 10 * pump
        wear = rng.uniform(0, 1, size=(per_pump, 1))
        sig = np.sin(2 * np.pi * f0 * t) + wear * np.sin(2 * np.pi * 3.1 * f0 * t)
        yield pump, sig + 0.3 * rng.standard_normal((per_pump, length))


rng = np.random.default_rng(21)
bands = [(1, 20), (20, 60), (60, 140), (140, 257)]
fx = FeatureExtractor(bands)
scores = []
for pump, block in snapshots(rng, n_pumps=14, per_pump=3500, length=512):
    feats = fx.transform(block)
    z = (feats - feats.mean(axis=0)) / feats.std(axis=0)
    centroid = z[:200].mean(axis=0)
    scores.append(np.linalg.norm(z - centroid, axis=1))
    print(f"pump {pump}: median health distance {np.median(scores[-1]):.3f}")
labels = np.array(["rms", "crest", "spread", "b1", "b2", "b3", "b4"])
tags = np.vectorize(lambda s: s.upper())(labels)
all_scores = np.concatenate(scores)
print(" ".join(tags))
print("result:", f"{all_scores.sum():.10e}")
