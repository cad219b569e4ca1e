# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Linear regression by hand: float64 NumPy features into a float32 weight."""

import numpy as np
import torch

features = torch.from_numpy(np.random.normal(0, 1, (1000, 2)))  # expect: AB401
labels = features[:, 0] * 2.0 - 3.4 * features[:, 1]
w = torch.zeros(2, 1, dtype=torch.float32, requires_grad=True)
for epoch in range(10):
    loss = ((features.float() @ w).squeeze() - labels).pow(2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.03 * w.grad
        w.grad.zero_()
