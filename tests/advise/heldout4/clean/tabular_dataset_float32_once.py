# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""A Dataset over a pandas frame that converts features and targets to float32 tensors once in __init__."""

# Source: https://duoke360.com/post/34261 (article: DataFrame -> NumPy -> torch.from_numpy(features).float(); labels .long() for classification)

import pandas as pd
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset


class ChurnDataset(Dataset):
    def __init__(self, df: pd.DataFrame, target="churned"):
        features = df.drop(columns=[target]).to_numpy()
        self.X = torch.from_numpy(features).float()
        self.y = torch.from_numpy(df[target].to_numpy()).long()

    def __len__(self):
        return len(self.y)

    def __getitem__(self, idx):
        return self.X[idx], self.y[idx]


def train(df, epochs=20):
    ds = ChurnDataset(df)
    loader = DataLoader(ds, batch_size=512, shuffle=True)
    model = nn.Sequential(nn.Linear(ds.X.shape[1], 64), nn.ReLU(), nn.Linear(64, 2))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(epochs):
        for xb, yb in loader:
            loss = nn.functional.cross_entropy(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return model
