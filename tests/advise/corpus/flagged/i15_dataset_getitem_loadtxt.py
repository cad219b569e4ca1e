# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A Dataset that loads a CSV with NumPy (float64) and hands rows to torch in __getitem__."""

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset


class CsvDataset(Dataset):
    def __init__(self, path):
        data = np.genfromtxt(path, delimiter=",", skip_header=1)
        self.features = data[:, :-1]
        self.targets = data[:, -1]

    def __len__(self):
        return len(self.features)

    def __getitem__(self, idx):
        x = torch.from_numpy(self.features[idx])  # expect: AB401
        y = torch.tensor(self.targets[idx])  # expect: AB401
        return x, y


model = nn.Sequential(nn.Linear(13, 64), nn.ReLU(), nn.Linear(64, 1))
loader = DataLoader(CsvDataset("housing.csv"), batch_size=32, shuffle=True)
