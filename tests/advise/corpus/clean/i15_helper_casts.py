# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""The helper converts to float32 on the way in; callers pass float64 arrays."""

import numpy as np
import torch
import torch.nn as nn


def to_tensor(a, device="cpu"):
    return torch.from_numpy(a).float().to(device)


X = np.random.randn(256, 4)
model = nn.Linear(4, 1)
pred = model(to_tensor(X))
