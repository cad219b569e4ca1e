# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Predictions gathered as Python lists batch by batch."""

import torch


@torch.no_grad()
def predict(model, loader):
    preds = []
    for xb in loader:
        preds.extend(model(xb).argmax(dim=1).tolist())  # expect: AB201
    return preds
