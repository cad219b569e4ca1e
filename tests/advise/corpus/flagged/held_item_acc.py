# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (h_item_acc): written after the rules, scored before any change to them."""

import torch


def accuracy(model, loader):
    correct, total = 0, 0
    with torch.no_grad():
        for x, y in loader:
            pred = model(x).argmax(1)
            correct += (pred == y).sum().item()  # expect: AB201
            total += y.numel()
    return correct / total
