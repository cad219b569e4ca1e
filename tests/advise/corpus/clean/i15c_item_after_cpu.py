# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Sizes moved to the CPU once, then read one by one."""

import torch
import torch.nn.functional as F


def pad_to(result: torch.Tensor, local: torch.Tensor, largest: torch.Tensor) -> torch.Tensor:
    pad_by = (largest - local).detach().cpu()
    dims = []
    for v in reversed(pad_by):
        dims.append(0)
        dims.append(v.item())
    return F.pad(result, dims)
