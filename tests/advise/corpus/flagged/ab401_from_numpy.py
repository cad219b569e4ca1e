# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Feeding default-dtype NumPy data to a float32 model."""

import numpy as np
import torch
from torch import nn

X = np.random.rand(256, 10)
model = nn.Linear(10, 1)
out = model(torch.from_numpy(X))  # expect: AB401
