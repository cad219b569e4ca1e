# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Double precision on purpose: the data and the model are both float64."""

import numpy as np
import torch
from torch import nn

X = np.loadtxt("measurements.csv", delimiter=",", dtype=np.float64)
model = nn.Linear(X.shape[1], 1).double()
with torch.no_grad():
    pred = model(torch.from_numpy(X))
