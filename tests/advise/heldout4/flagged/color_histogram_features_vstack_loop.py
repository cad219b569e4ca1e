# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Builds a colour-histogram feature matrix for a set of image crops by stacking one feature row at a time."""

# Source: https://kshmirko.github.io/python/accumulation-arrays.html (blog: accumulating data by concatenating NumPy arrays reallocates and copies each time; preallocate or use a list)

import numpy as np


def color_histogram(img: np.ndarray, bins: int = 16) -> np.ndarray:
    hists = [np.histogram(img[..., c], bins=bins, range=(0, 256))[0] for c in range(3)]
    feat = np.concatenate(hists).astype(np.float64)
    return feat / feat.sum()


def build_features(crops):
    features = np.empty((0, 48))
    for img in crops:  # tens of thousands of 128x128x3 uint8 crops
        row = color_histogram(img)
        features = np.vstack([features, row])  # expect: AB107
    return features
