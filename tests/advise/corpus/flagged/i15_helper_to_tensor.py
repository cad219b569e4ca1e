# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A small helper turns arrays into tensors; the caller's arrays are float64."""

import numpy as np
import torch
import torch.nn as nn


def to_tensor(a, device="cpu"):
    return torch.from_numpy(a).to(device)  # expect: AB401


def make_data(n=500):
    t = np.linspace(0, 10, n)
    X = np.stack([np.sin(t), np.cos(t)], axis=1)
    y = np.sin(2 * t)[:, None]
    return X, y


def main():
    X, y = make_data()
    model = nn.Linear(2, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    xt, yt = to_tensor(X), to_tensor(y)
    for _ in range(100):
        loss = ((model(xt) - yt) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
