# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Linear regression from scratch on synthetic data generated with NumPy and iterated with a DataLoader."""

# Source: https://github.com/ShusenTang/Dive-into-DL-PyTorch/issues/31 (features = torch.from_numpy(np.random.normal(...)) is float64; the reported fix was to make the parameters double as well)

import numpy as np
import torch
from torch.utils.data import DataLoader, TensorDataset

num_inputs, num_examples = 2, 100_000
true_w, true_b = [2, -3.4], 4.2
features = torch.from_numpy(np.random.normal(0, 1, (num_examples, num_inputs)))  # expect: AB401
labels = true_w[0] * features[:, 0] + true_w[1] * features[:, 1] + true_b
labels += torch.from_numpy(np.random.normal(0, 0.01, size=labels.size()))  # expect: AB401

w = torch.tensor(np.random.normal(0, 0.01, (num_inputs, 1)), dtype=torch.float64, requires_grad=True)
b = torch.zeros(1, dtype=torch.float64, requires_grad=True)
loader = DataLoader(TensorDataset(features, labels), batch_size=10, shuffle=True)

lr, num_epochs = 0.03, 3
for epoch in range(num_epochs):
    for X, y in loader:
        l = ((X @ w + b - y.view(-1, 1)) ** 2 / 2).sum()
        l.backward()
        with torch.no_grad():
            for param in (w, b):
                param -= lr * param.grad / X.shape[0]
                param.grad.zero_()
