# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (h_np_float_model): written after the rules, scored before any change to them."""

import numpy as np
import torch
import torch.nn as nn

net = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
inputs = np.zeros((32, 4))
inputs[:, 0] = 1.0
y = net(torch.as_tensor(inputs))  # expect: AB401
