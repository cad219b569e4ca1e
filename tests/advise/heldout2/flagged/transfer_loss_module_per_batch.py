# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Validation that moves the loss module (with its pos_weight buffer) to the GPU on every batch."""

# Source: https://www.codegenes.net/blog/pytorch-criterioncuda (moving a criterion to the GPU with
# criterion.cuda()); written the way the call ends up inside the batch loop.

import torch
from torch import nn


def validate(model: nn.Module, loader, pos_weight: torch.Tensor, device="cuda") -> torch.Tensor:
    criterion = nn.BCEWithLogitsLoss(pos_weight=pos_weight)
    model.eval()
    total = torch.zeros((), device=device)
    with torch.no_grad():
        for xb, yb in loader:
            xb, yb = xb.to(device), yb.to(device)
            criterion.to(device)  # expect: AB202
            total += criterion(model(xb), yb)
    return total / len(loader)
