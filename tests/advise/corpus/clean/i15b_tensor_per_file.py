# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""One tensor per image file, stacked: each file is a whole image, not a scalar."""

import numpy as np
import torch
from PIL import Image


def load_stack(paths):
    imgs = []
    for p in paths:
        arr = np.asarray(Image.open(p).convert("RGB"), dtype=np.float32) / 255.0
        imgs.append(torch.from_numpy(arr).permute(2, 0, 1))
    return torch.stack(imgs)
