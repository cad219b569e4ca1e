# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A CSV loaded with NumPy and handed to torch."""

import numpy as np
import torch

data = np.loadtxt("train.csv", delimiter=",")
features = torch.tensor(data[:, :-1])  # expect: AB401
targets = torch.tensor(data[:, -1])  # expect: AB401
model = torch.nn.Sequential(torch.nn.Linear(features.shape[1], 1))
pred = model(features)
