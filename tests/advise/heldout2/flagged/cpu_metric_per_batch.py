# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Validation accuracy computed with scikit-learn on CPU copies of every batch."""

# Source: https://github.com/Lightning-AI/pytorch-lightning/issues/1429 ("accuracy_score is an
# SKLEARN function ... every .cpu will make your code VERY slow... calculate the accuracy using
# pure pytorch"). Judgement call: a copy-and-wait per batch; AB202's table names .cpu()/.numpy()
# (the issue files this kind under transfers), though AB201's fix (convert once) applies too.

import torch
from sklearn.metrics import accuracy_score


def validate(model, val_loader, device="cuda") -> float:
    model.eval()
    scores = []
    with torch.no_grad():
        for x, y in val_loader:
            x, y = x.to(device), y.to(device)
            y_hat = model(x).argmax(dim=1)
            y_true, y_pred = y.cpu().numpy(), y_hat.cpu().numpy()  # expect: AB202
            scores.append(accuracy_score(y_true, y_pred))
    return sum(scores) / len(scores)
