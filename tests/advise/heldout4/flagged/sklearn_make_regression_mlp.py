# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Trains a small PyTorch MLP on a scikit-learn make_regression problem split with train_test_split."""

# Source: https://machinelearningmastery.com/how-to-evaluate-the-performance-of-pytorch-models/ (tutorial: train/validation split of NumPy data converted to tensors for a PyTorch model)

import torch
import torch.nn as nn
from sklearn.datasets import make_regression
from sklearn.model_selection import train_test_split

X, y = make_regression(n_samples=200_000, n_features=40, noise=0.3, random_state=0)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.2, random_state=0)
X_train, X_test, y_train, y_test = map(torch.tensor, (X_train, X_test, y_train, y_test))  # expect: AB401

model = nn.Sequential(nn.Linear(40, 128), nn.ReLU(), nn.Linear(128, 1)).double()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
loss_fn = nn.MSELoss()

for epoch in range(100):
    perm = torch.randperm(len(X_train))
    for i in range(0, len(X_train), 512):
        idx = perm[i : i + 512]
        loss = loss_fn(model(X_train[idx]).squeeze(-1), y_train[idx])
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    with torch.no_grad():
        print(epoch, loss_fn(model(X_test).squeeze(-1), y_test).item())
