# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""NumPy data converted to float32 on the way into torch."""

import numpy as np
import torch
from torch import nn

X = np.random.rand(512, 8)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
xt = torch.from_numpy(X).float()
y = model(xt)
