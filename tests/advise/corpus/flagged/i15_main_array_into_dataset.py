# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Synthetic data made in __main__ (float64) and converted inside the Dataset."""

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset


class ArrayDataset(Dataset):
    def __init__(self, X, y):
        self.X = X
        self.y = y

    def __len__(self):
        return len(self.X)

    def __getitem__(self, i):
        return torch.tensor(self.X[i]), torch.tensor(self.y[i])  # expect: AB401


class MLP(nn.Module):
    def __init__(self, d_in):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_in, 32), nn.ReLU(), nn.Linear(32, 2))

    def forward(self, x):
        return self.net(x)


if __name__ == "__main__":
    X = np.random.randn(1000, 20)
    y = np.random.randint(0, 2, size=1000)
    loader = DataLoader(ArrayDataset(X, y), batch_size=64)
    model = MLP(20)
    for xb, yb in loader:
        out = model(xb)
