# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""A Dataset that casts its NumPy arrays to float32 once, in __init__."""

# Source: https://yuhi-sa.github.io/en/posts/20210215_pytorch_dtype/1 ("convert the NumPy array to
# float32 before creating the PyTorch tensor").

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset


class CSVDataset(Dataset):
    def __init__(self, path: str):
        data = np.loadtxt(path, delimiter=",", skiprows=1).astype(np.float32)
        self.X = data[:, :-1]
        self.y = data[:, -1:]

    def __len__(self) -> int:
        return len(self.X)

    def __getitem__(self, idx):
        return torch.from_numpy(self.X[idx]), torch.from_numpy(self.y[idx])


model = nn.Sequential(nn.Linear(13, 32), nn.ReLU(), nn.Linear(32, 1))
loader = DataLoader(CSVDataset("housing.csv"), batch_size=64, shuffle=True)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for epoch in range(50):
    for xb, yb in loader:
        loss = nn.functional.mse_loss(model(xb), yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
