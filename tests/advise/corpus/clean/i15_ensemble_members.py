# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""An ensemble of different models, each applied to the batch: a few models, not samples."""

import torch
import torch.nn as nn


class Ensemble(nn.Module):
    def __init__(self, members):
        super().__init__()
        self.members = nn.ModuleList(members)

    def forward(self, x):
        return torch.stack([m(x) for m in self.members]).mean(0)
