# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Predictions collected as a list of tensors, then converted with torch.Tensor."""

import torch


def predict_all(model, images):
    preds = []
    for img in images:
        preds.append(model(img.unsqueeze(0)).squeeze(0))
    return torch.Tensor(preds)  # expect: AB108
