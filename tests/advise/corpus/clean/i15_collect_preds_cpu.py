# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Predictions moved to the CPU batch by batch to free GPU memory, concatenated once."""

import torch


@torch.no_grad()
def predict(model, loader, device="cuda"):
    model.eval()
    outs = []
    for xb, _ in loader:
        outs.append(model(xb.to(device)).cpu())
    return torch.cat(outs)
