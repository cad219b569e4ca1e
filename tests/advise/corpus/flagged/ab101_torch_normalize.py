# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Normalising a tensor one row at a time."""

import torch


def normalize(t: torch.Tensor, mean: float, std: float) -> torch.Tensor:
    out = torch.empty_like(t)
    for i in range(t.shape[0]):  # expect: AB101
        out[i] = (t[i] - mean) / std
    return out
