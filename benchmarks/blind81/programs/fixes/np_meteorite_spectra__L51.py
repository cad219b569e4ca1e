# ruff: noqa
"""Meteorite classification from reflectance spectra: synthetic spectra of chondrites,
achondrites, irons and pallasites are generated with absorption bands and noise, band features
(depths, centres, slope) are extracted per spectrum, and a nearest-centroid classifier trained on
one half is scored on the other."""
import numpy as np

CLASSES = ["H-chondrite", "L-chondrite", "eucrite", "iron", "pallasite", "carbonaceous"]
WAVES = np.linspace(0.4, 2.5, 420)


def make_spectra(n, rng):
    labels = rng.integers(0, len(CLASSES), size=n)
    centres1 = np.array([0.93, 0.95, 0.92, 1.05, 1.00, 0.70])[labels]
    centres2 = np.array([1.95, 2.00, 1.93, 2.20, 2.05, 1.80])[labels]
    depth = rng.uniform(0.05, 0.35, size=(n, 2))
    slope = np.array([0.02, 0.03, 0.05, 0.12, 0.09, -0.01])[labels] + rng.normal(0, 0.01, n)
    w = WAVES[None, :]
    spec = 0.25 + slope[:, None] * (w - 0.4)
    spec -= depth[:, :1] * np.exp(-0.5 * ((w - centres1[:, None]) / 0.08) ** 2)
    spec -= depth[:, 1:] * np.exp(-0.5 * ((w - centres2[:, None]) / 0.15) ** 2)
    spec += rng.normal(0, 0.004, size=spec.shape)
    return spec, labels


def band_features(spectrum):
    continuum = np.interp(WAVES, [WAVES[0], WAVES[-1]], [spectrum[0], spectrum[-1]])
    removed = spectrum / continuum
    b1 = removed[(WAVES > 0.75) & (WAVES < 1.3)]
    b2 = removed[(WAVES > 1.6) & (WAVES < 2.4)]
    return np.array([1 - b1.min(), 1 - b2.min(), b1.argmin(), b2.argmin(),
                     (spectrum[-1] - spectrum[0]) / 2.1, spectrum.mean()])


class CentroidClassifier:
    def fit(self, X, y):
        self.mu = X.mean(axis=0)
        self.sd = X.std(axis=0) + 1e-9
        Z = (X - self.mu) / self.sd
        self.centroids = np.stack([Z[y == k].mean(axis=0) for k in range(len(CLASSES))])
        return self

    def predict(self, X):
        Z = (X - self.mu) / self.sd
        d = ((Z[:, None, :] - self.centroids[None]) ** 2).sum(axis=-1)
        return d.argmin(axis=1)


rng = np.random.default_rng(2024)
scores = []
name_width = max(len(c) for c in CLASSES)
for survey in range(6):
    spectra, labels = make_spectra(10000, rng)
    smooth = (spectra[:, :-2] + spectra[:, 1:-1] + spectra[:, 2:]) / 3.0
    spectra[:, 1:-1] = smooth
    feats = np.apply_along_axis(band_features, 1, spectra)
    half = len(labels) // 2
    clf = CentroidClassifier().fit(feats[:half], labels[:half])
    pred = clf.predict(feats[half:])
    acc = (pred == labels[half:]).mean()
    scores.append(acc)
    print(f"survey {survey}: accuracy {acc:.4f}")
conf = np.bincount(labels[half:] * len(CLASSES) + pred, minlength=len(CLASSES) ** 2)
for k, name in enumerate(CLASSES):
    print(f"{name:>{name_width}}: recall {conf[k * 7] / conf[k * 6:(k + 1) * 6].sum():.3f}")
print(f"result: {sum(scores) + feats.sum():.10e}")
