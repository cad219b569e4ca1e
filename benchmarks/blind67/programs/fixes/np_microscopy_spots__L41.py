"""Spot detection in synthetic fluorescence microscopy tiles.

Each 3-channel tile is background-subtracted with a Gaussian blur, the nuclear channel is
passed through a soft-threshold contrast curve, bright spots are labelled and their
intensity-weighted centroids summarised.  Prints a checksum over all tiles.
"""
import math
from functools import partial

import numpy as np
from scipy import ndimage


def soft_threshold(v, floor, gamma):
    if v <= floor:
        return 0.0
    return math.pow(v - floor, gamma) / (1.0 + math.pow(v - floor, gamma))


class TileSource:
    def __init__(self, n_tiles, size, seed=3):
        self.n_tiles, self.size = n_tiles, size
        self.rng = np.random.default_rng(seed)

    def __iter__(self):
        yy, xx = np.mgrid[0:self.size, 0:self.size]
        for _ in range(self.n_tiles):
            img = self.rng.normal(0.1, 0.02, size=(3, self.size, self.size))
            for cy, cx in self.rng.uniform(10, self.size - 10, size=(10, 2)):
                img[0] += 0.8 * np.exp(-((yy - cy) ** 2 + (xx - cx) ** 2) / 8.0)
            yield img


class SpotPipeline:
    def __init__(self, floor=0.05, gamma=1.6):
        self.contrast = np.vectorize(partial(soft_threshold, floor=floor, gamma=gamma))

    def channel_gains(self, img):
        # per-channel robust gain: one call per channel row
        flat = img.reshape(3, -1)
        return 1.0 / np.percentile(flat, 99, axis=1)

    def process(self, img):
        gains = self.channel_gains(img)
        nuc = img[0] * gains[0]
        nuc = nuc - ndimage.gaussian_filter(nuc, sigma=6)
        enhanced = self.contrast(nuc)
        labels, n = ndimage.label(enhanced > 0.2)
        if n == 0:
            return 0.0
        idx = np.arange(1, n + 1)
        mass = ndimage.sum(enhanced, labels, idx)
        cy, cx = np.array(ndimage.center_of_mass(enhanced, labels, idx)).T
        return float((mass * (cy + cx)).sum() / mass.sum() + n)


def main():
    pipe = SpotPipeline()
    total = sum(pipe.process(img) for img in TileSource(n_tiles=60, size=256))
    print("result:", round(total, 6))


if __name__ == "__main__":
    main()
