# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""The target cloned before computing a loss that never modifies it."""

import torch
import torch.nn.functional as F


def smooth_l1(pred: torch.Tensor, target: torch.Tensor, beta: float = 1.0) -> torch.Tensor:
    t = target.clone()  # expect: AB203
    diff = torch.abs(pred - t)
    return torch.where(diff < beta, 0.5 * diff**2 / beta, diff - 0.5 * beta).mean()
