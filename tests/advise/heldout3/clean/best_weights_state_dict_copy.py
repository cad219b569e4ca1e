# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Keeps a deep copy of the model weights from the epoch with the best validation accuracy."""

# Source: https://www.codegenes.net/blog/how-to-make-model-keep-the-best-weights-pytorch (checkpointing:
# save the model's state dict whenever the validation performance improves).

import copy

import torch


def fit(model, train_one_epoch, evaluate, num_epochs=25):
    best_acc = 0.0
    best_model_wts = copy.deepcopy(model.state_dict())
    for epoch in range(num_epochs):
        train_one_epoch(model)
        val_acc = evaluate(model)
        if val_acc > best_acc:
            best_acc = val_acc
            best_model_wts = copy.deepcopy(model.state_dict())
    model.load_state_dict(best_model_wts)
    torch.save(best_model_wts, "best.pt")
    return model, best_acc
