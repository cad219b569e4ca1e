# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Running a model on one sample at a time."""

import torch
from torch import nn


class Net(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.fc = nn.Linear(16, 4)

    def forward(self, x):
        return self.fc(x)


model = Net()
X = torch.randn(256, 16)
preds = []
with torch.no_grad():
    for i in range(len(X)):  # expect: AB106
        preds.append(model(X[i].unsqueeze(0)))
