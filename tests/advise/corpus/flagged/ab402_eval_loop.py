# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Evaluation with model.eval() but without no_grad."""

import torch


def evaluate(model, loader):
    model.eval()
    preds = []
    for xb in loader:
        out = model(xb)  # expect: AB402
        preds.append(out.argmax(dim=1))
    return torch.cat(preds)
