# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A transform keeps ImageNet's mean and std as NumPy arrays of Python floats (float64): float32
pixels minus them become float64 before the tensor is made."""

import numpy as np
import torch
from torch import nn


class ToNormalizedTensor:
    def __init__(self):
        self.mean = np.array([0.485, 0.456, 0.406])
        self.std = np.array([0.229, 0.224, 0.225])

    def __call__(self, pixels: np.ndarray) -> torch.Tensor:
        x = pixels.astype(np.float32) / 255.0
        x = (x - self.mean) / self.std
        return torch.from_numpy(x).permute(2, 0, 1)  # expect: AB401


model = nn.Conv2d(3, 4, 3)
