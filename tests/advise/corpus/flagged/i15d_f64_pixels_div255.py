# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Images read with OpenCV (uint8) and scaled by / 255.0 in __getitem__: NumPy's true division
makes float64, which from_numpy keeps, and the float32 model then fails or runs in double."""

import cv2
import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset


class Frames(Dataset):
    def __init__(self, paths, labels):
        self.paths, self.labels = paths, labels

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        img = cv2.imread(self.paths[i])
        img = np.transpose(img, (2, 0, 1)) / 255.0
        return torch.from_numpy(img), self.labels[i]  # expect: AB401


def fit(paths, labels):
    net = nn.Sequential(nn.Conv2d(3, 8, 3), nn.Flatten(), nn.LazyLinear(2))
    for x, y in DataLoader(Frames(paths, labels), batch_size=16):
        net(x)
