# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Linear regression from scratch: float64 NumPy data turned into tensors by a small helper."""

# Source: https://github.com/OUCMachineLearning/OUCML/issues/24 (features made with
# np.random.normal and torch.from_numpy -> "expected scalar type Double but found Float"; fixed
# there with .to(torch.float32)). Here the data is made in __main__ and converted in a helper.

import numpy as np
import torch
from torch import nn


def to_tensor(a):
    return torch.tensor(a)  # expect: AB401


def synthetic_data(w, b, num_examples: int):
    X = np.random.normal(0, 1, (num_examples, len(w)))
    y = X @ w + b + np.random.normal(0, 0.01, num_examples)
    return X, y.reshape(-1, 1)


def data_iter(batch_size: int, features, labels):
    idx = np.random.permutation(len(features))
    for i in range(0, len(features), batch_size):
        j = idx[i : i + batch_size]
        yield to_tensor(features[j]), to_tensor(labels[j])


if __name__ == "__main__":
    true_w = np.array([2, -3.4])
    features, labels = synthetic_data(true_w, 4.2, 1000)
    net = nn.Linear(2, 1)
    opt = torch.optim.SGD(net.parameters(), lr=0.03)
    for epoch in range(3):
        for X, y in data_iter(10, features, labels):
            loss = nn.functional.mse_loss(net(X.float()), y.float())
            opt.zero_grad()
            loss.backward()
            opt.step()
