# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Per-batch losses collected as tensors, then turned into a tensor with torch.tensor."""

import torch


@torch.no_grad()
def batch_losses(model, loader, loss_fn):
    losses = []
    for xb, yb in loader:
        losses.append(loss_fn(model(xb), yb))
    return torch.tensor(losses)  # expect: AB108
