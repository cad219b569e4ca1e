# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""Loading a folder of images file by file and stacking them once."""

# Source: https://batchup.readthedocs.io/en/latest/user/non_array_batch_iter.html (ImageFileAccessor:
# images loaded from a list of paths with Pillow, then gathered into one array).

from pathlib import Path

import numpy as np
from PIL import Image


def load_images(folder: str, size=(64, 64)) -> np.ndarray:
    images = []
    for path in sorted(Path(folder).glob("*.png")):
        img = Image.open(path).convert("RGB").resize(size)
        images.append(np.asarray(img, dtype=np.float32) / 255.0)
    return np.stack(images)
