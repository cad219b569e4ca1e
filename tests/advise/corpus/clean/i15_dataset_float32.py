# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A Dataset that casts to float32 once, in __init__, then hands out views."""

import numpy as np
import torch
from torch import nn
from torch.utils.data import Dataset


class CsvDataset(Dataset):
    def __init__(self, path):
        data = np.loadtxt(path, delimiter=",", skiprows=1)
        self.x = data[:, :-1].astype(np.float32)
        self.y = data[:, -1].astype(np.float32)

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return torch.from_numpy(self.x[i]), torch.tensor(self.y[i])


model = nn.Linear(8, 1)
