# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""An MLP of variable depth: forward() walks a ModuleList of layers."""

# Source: https://chanlumerico.github.io/lucid/api/lucid.nn/ModuleList (DynamicMLP: layers built
# from zip(dims[:-1], dims[1:]), "for layer in self.layers[:-1]: x = ..."); written for torch.

import torch
from torch import nn


class DynamicMLP(nn.Module):
    def __init__(self, dims: list):
        super().__init__()
        self.layers = nn.ModuleList()
        for in_d, out_d in zip(dims[:-1], dims[1:]):
            self.layers.append(nn.Linear(in_d, out_d))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for layer in self.layers[:-1]:
            x = torch.relu(layer(x))
        return self.layers[-1](x)
