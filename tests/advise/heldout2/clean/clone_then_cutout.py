# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""Cutout augmentation: each batch is cloned and then a square is zeroed in the clone."""

# Source: https://androidkt.com/how-to-copy-pytorch-tensor-using-clone-detach-and-deepcopy/
# (.clone() "is useful to create a copy of the original variable ... avoids errors with in-place
# ops").

import torch


def cutout_batches(loader, size: int = 16):
    for images, labels in loader:
        out = images.clone()
        _, _, H, W = out.shape
        y0 = torch.randint(0, H - size, (1,)).item()
        x0 = torch.randint(0, W - size, (1,)).item()
        out[:, :, y0 : y0 + size, x0 : x0 + size] = 0
        yield out, labels
