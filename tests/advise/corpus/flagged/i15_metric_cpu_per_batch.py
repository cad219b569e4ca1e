# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Validation computing a scikit-learn metric on every batch, each one copied to the CPU."""

import torch
from sklearn.metrics import accuracy_score


def validate(model, val_loader, device):
    model.eval()
    scores = []
    with torch.no_grad():
        for images, labels in val_loader:
            images = images.to(device)
            logits = model(images)
            preds = logits.argmax(dim=1)
            scores.append(accuracy_score(labels.numpy(), preds.cpu().numpy()))  # expect: AB202
    return sum(scores) / len(scores)
