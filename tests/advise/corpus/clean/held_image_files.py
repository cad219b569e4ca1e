# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (hc_image_files): written after the rules, scored before any change to them."""

import numpy as np
from PIL import Image


def load(paths):
    imgs = []
    for p in paths:
        imgs.append(np.asarray(Image.open(p), dtype=np.float32) / 255.0)
    return np.stack(imgs)
