# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Random-erasing augmentation that copies each image before writing noise into a patch, leaving the cached original intact."""

# Source: https://www.application-architect.com/posts/numpy-copy-vs-view-of-array (article: slices are views that share memory; take a copy when the original must not change)

import numpy as np


class RandomErase:
    def __init__(self, max_frac=0.3, seed=0):
        self.max_frac = max_frac
        self.rng = np.random.default_rng(seed)

    def __call__(self, img: np.ndarray) -> np.ndarray:
        out = img.copy()  # img comes from an in-memory cache shared across epochs
        h, w = out.shape[:2]
        eh = int(h * self.rng.uniform(0.1, self.max_frac))
        ew = int(w * self.rng.uniform(0.1, self.max_frac))
        y, x = self.rng.integers(0, h - eh), self.rng.integers(0, w - ew)
        out[y:y + eh, x:x + ew] = self.rng.integers(0, 256, size=(eh, ew) + out.shape[2:], dtype=out.dtype)
        return out
