# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Binarising an image pixel by pixel; the image comes from a loader function."""

import numpy as np
from PIL import Image


def load_gray(path):
    return np.asarray(Image.open(path).convert("L"), dtype=np.float32) / 255.0


def binarize(img, t):
    h, w = img.shape
    out = np.zeros((h, w), dtype=np.uint8)
    for i in range(h):  # expect: AB102
        for j in range(w):
            out[i, j] = 255 if img[i, j] > t else 0
    return out


mask = binarize(load_gray("scan.png"), 0.6)
