# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Regression on a pandas DataFrame converted with torch.from_numpy(df.values) and fed to nn.Linear."""

# Source: https://fanyv88.com:443/https/www.geeksforgeeks.org/deep-learning/converting-a-pandas-dataframe-to-a-pytorch-tensor
# (Method 1: convert the DataFrame to a NumPy array with .values, then torch.from_numpy).

import pandas as pd
import torch
import torch.nn as nn

df = pd.read_csv("housing.csv")
features = df[["sqft", "bedrooms", "bathrooms", "age"]]
target = df["price"]

X = torch.from_numpy(features.values)  # expect: AB401
y = torch.from_numpy(target.values).float().unsqueeze(1)

model = nn.Linear(X.shape[1], 1)
optimizer = torch.optim.SGD(model.parameters(), lr=1e-6)
for epoch in range(200):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(X), y)
    loss.backward()
    optimizer.step()
