# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Cutout-style augmentation that clones the input batch and then zeroes a random patch in the clone in place."""

# Source: https://androidkt.com/how-to-copy-pytorch-tensor-using-clone-detach-and-deepcopy/ (.clone()
# makes a copy that keeps the autograd history and avoids errors with in-place ops).

import torch


def cutout(x, size=8):
    x_aug = x.clone()
    n, _, h, w = x.shape
    ys = torch.randint(0, h - size, (n, 1, 1))
    xs = torch.randint(0, w - size, (n, 1, 1))
    rows = torch.arange(h).view(1, h, 1)
    cols = torch.arange(w).view(1, 1, w)
    patch = (rows >= ys) & (rows < ys + size) & (cols >= xs) & (cols < xs + size)
    x_aug.masked_fill_(patch.unsqueeze(1), 0.0)
    return x_aug


batch = torch.randn(8, 3, 32, 32, requires_grad=True)
augmented = cutout(batch)
loss = (augmented - batch).pow(2).mean()
loss.backward()
