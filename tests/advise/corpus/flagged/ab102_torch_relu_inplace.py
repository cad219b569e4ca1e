# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Zeroing negative entries of a tensor in place, one at a time."""

import torch


def relu_(x: torch.Tensor) -> torch.Tensor:
    for i in range(x.numel()):  # expect: AB102
        if x[i] < 0:
            x[i] = 0.0
    return x
