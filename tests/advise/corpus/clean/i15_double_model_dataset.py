# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A model run in double precision on purpose, fed float64 data through a Dataset."""

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import Dataset


class Samples(Dataset):
    def __init__(self, X):
        self.X = X

    def __len__(self):
        return len(self.X)

    def __getitem__(self, i):
        return torch.from_numpy(self.X[i])


model = nn.Linear(3, 1).double()
ds = Samples(np.random.randn(100, 3))
