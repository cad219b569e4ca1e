# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Outputs kept as tensors in the loop and converted once at the end."""

import torch


@torch.no_grad()
def predict(model, loader) -> list:
    outs = []
    for xb in loader:
        outs.append(model(xb).argmax(dim=1))
    return torch.cat(outs).tolist()
