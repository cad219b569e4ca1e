# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Pixels made float32 before scaling (and a cast after a float64 division): float32 tensors."""

import cv2
import numpy as np
import torch
from torch import nn
from torch.utils.data import Dataset


class Frames(Dataset):
    def __init__(self, paths):
        self.paths = paths
        self.mean = np.array([0.485, 0.456, 0.406], dtype=np.float32)

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        img = cv2.imread(self.paths[i]).astype(np.float32) / 255.0
        img = (img - self.mean).transpose(2, 0, 1)
        mask = (cv2.imread(self.paths[i], 0) / 255.0).astype(np.float32)
        return torch.from_numpy(img), torch.from_numpy(mask)


model = nn.Conv2d(3, 4, 3)
