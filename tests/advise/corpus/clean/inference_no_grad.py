# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Evaluation under torch.no_grad()."""

import torch


def evaluate(model, loader):
    model.eval()
    correct = 0
    with torch.no_grad():
        for xb, yb in loader:
            correct += (model(xb).argmax(1) == yb).sum()
    return correct
