# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (hc_explicit_f32): written after the rules, scored before any change to them."""

import numpy as np
import torch
from torch import nn

X = np.random.rand(100, 3).astype(np.float32)
model = nn.Linear(3, 1)
out = model(torch.from_numpy(X))
