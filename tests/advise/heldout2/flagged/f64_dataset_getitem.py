# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""A CSV read with np.loadtxt (float64) in a Dataset, so every batch reaches the model as double."""

# Source: https://github.com/pytorch/pytorch/issues/69446 (a Dataset returning float64 data: the
# default collate builds DoubleTensors, "Found dtype Double but expected Float"); the cast is then
# added per batch in the training loop.

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset


class CSVDataset(Dataset):
    def __init__(self, path: str):
        data = np.loadtxt(path, delimiter=",", skiprows=1)
        self.X = data[:, :-1]
        self.y = data[:, -1:]

    def __len__(self) -> int:
        return len(self.X)

    def __getitem__(self, idx):
        x = torch.from_numpy(self.X[idx])  # expect: AB401
        y = torch.from_numpy(self.y[idx])
        return x, y


def main() -> None:
    model = nn.Sequential(nn.Linear(13, 32), nn.ReLU(), nn.Linear(32, 1))
    loader = DataLoader(CSVDataset("housing.csv"), batch_size=64, shuffle=True)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(50):
        for xb, yb in loader:
            loss = nn.functional.mse_loss(model(xb.float()), yb.float())
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
