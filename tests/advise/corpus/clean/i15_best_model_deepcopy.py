# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Keeping a deep copy of the best model seen while training: the model keeps changing."""

import copy

import torch


def fit(model, train_loader, val_fn, opt, loss_fn, epochs=20):
    best_score, best = float("-inf"), copy.deepcopy(model)
    for epoch in range(epochs):
        for xb, yb in train_loader:
            loss = loss_fn(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        score = val_fn(model)
        if score > best_score:
            best_score, best = score, copy.deepcopy(model)
    return best
