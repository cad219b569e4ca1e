# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""A Dataset over a housing-price CSV that keeps df.values from pandas and returns torch.from_numpy rows to an MLP."""

# Source: https://dnmtechs.com/?p=39055 (article: converting a pandas DataFrame to a PyTorch tensor via df.values for a housing dataset)

import pandas as pd
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset


class HousingDataset(Dataset):
    def __init__(self, csv_path):
        df = pd.read_csv(csv_path)
        self.X = df.drop(columns=["price"]).values
        self.y = df["price"].values

    def __len__(self):
        return len(self.y)

    def __getitem__(self, idx):
        return torch.from_numpy(self.X[idx]), torch.tensor(self.y[idx])  # expect: AB401


def train(csv_path, epochs=50):
    ds = HousingDataset(csv_path)
    loader = DataLoader(ds, batch_size=256, shuffle=True, num_workers=4)
    model = nn.Sequential(nn.Linear(ds.X.shape[1], 64), nn.ReLU(), nn.Linear(64, 1)).double()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(epochs):
        for xb, yb in loader:
            loss = nn.functional.mse_loss(model(xb).squeeze(-1), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return model
