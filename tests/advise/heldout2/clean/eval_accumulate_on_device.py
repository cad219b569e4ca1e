# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""Validation accuracy counted in a tensor on the device and read once at the end."""

# Source: https://github.com/Lightning-AI/pytorch-lightning/issues/1429 ("instead calculate the
# accuracy using pure pytorch").

import torch


@torch.no_grad()
def validate(model, val_loader, device="cuda") -> float:
    model.eval()
    correct = torch.zeros((), dtype=torch.long, device=device)
    seen = 0
    for x, y in val_loader:
        x, y = x.to(device), y.to(device)
        correct += (model(x).argmax(dim=1) == y).sum()
        seen += y.numel()
    return correct.item() / seen
