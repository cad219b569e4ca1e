# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Early stopping reads the validation loss once per check."""

import torch


def fit(model, train_step, val_loss, patience: int, max_steps: int):
    best = float("inf")
    waited = 0
    for step in range(max_steps):
        train_step(model)
        current = val_loss(model)
        if current.item() > best:
            waited += 1
            if waited > patience:
                break
        else:
            best, waited = current.item(), 0
    return best
