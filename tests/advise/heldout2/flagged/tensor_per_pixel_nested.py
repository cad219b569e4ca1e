# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Training pairs for a coordinate network (pixel position -> colour), one tensor per pixel."""

# Source: https://www.tegpower.com/post/how-to-create-a-1d-tensor-in-a-loop (building tensors in a
# loop by appending, "less efficient for large tensors"); here per pixel, in two nested loops.

import numpy as np
import torch


def make_training_pairs(img: np.ndarray):
    H, W = img.shape[:2]
    coords, colors = [], []
    for i in range(H):
        for j in range(W):
            coords.append(torch.tensor([i / (H - 1), j / (W - 1)]))  # expect: AB108
            colors.append(torch.tensor(img[i, j] / 255.0))  # expect: AB108
    return torch.stack(coords).float(), torch.stack(colors).float()
