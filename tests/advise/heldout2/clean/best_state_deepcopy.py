# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""Keeping the best weights seen so far: a deep copy taken only when validation improves."""

# Source: https://github.com/sicara/easy-few-shot-learning/pull/140 ("Adding deepcopy to best_state
# deriving"): without the copy, best_state would keep changing with the model.

import copy

import torch


def fit(model, train_one_epoch, validate, epochs: int = 50):
    best_acc, best_state = 0.0, None
    for epoch in range(epochs):
        train_one_epoch(model)
        acc = validate(model)
        if acc > best_acc:
            best_acc = acc
            best_state = copy.deepcopy(model.state_dict())
    if best_state is not None:
        model.load_state_dict(best_state)
    return model, best_acc
