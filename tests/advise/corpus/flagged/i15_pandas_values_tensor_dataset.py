# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A DataFrame's values (float64) wrapped in a TensorDataset by a loader-building helper."""

import pandas as pd
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def make_loader(features, target, batch_size=64):
    ds = TensorDataset(torch.tensor(features), torch.tensor(target))  # expect: AB401
    return DataLoader(ds, batch_size=batch_size, shuffle=True)


df = pd.read_csv("winequality-red.csv", sep=";")
X = df.drop(columns=["quality"]).values
y = df["quality"].values
loader = make_loader(X, y)
model = nn.Sequential(nn.Linear(11, 32), nn.ReLU(), nn.Linear(32, 1))
