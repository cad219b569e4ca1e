# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Points turned into tensors one by one."""

import numpy as np
import torch

xs = np.random.rand(1000)
ys = np.random.rand(1000)
pts = []
for i in range(len(xs)):
    pts.append(torch.tensor([xs[i], ys[i]]))  # expect: AB108
