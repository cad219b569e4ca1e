# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A Dataset normalising its images with NumPy statistics (float64) in __getitem__."""

import numpy as np
import torch
from torch.utils.data import Dataset


class ImageDataset(Dataset):
    def __init__(self, images, labels):
        self.images = images
        self.labels = labels
        self.mean = images.mean(axis=(0, 1, 2))
        self.std = images.std(axis=(0, 1, 2))

    def __len__(self):
        return len(self.images)

    def __getitem__(self, idx):
        img = (self.images[idx] - self.mean) / self.std
        return torch.tensor(img).permute(2, 0, 1), self.labels[idx]  # expect: AB401


train = ImageDataset(np.random.rand(100, 32, 32, 3), np.zeros(100, dtype=np.int64))
