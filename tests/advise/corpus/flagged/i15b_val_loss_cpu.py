# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Macro F1 computed by scikit-learn on every validation batch, moved off the GPU each time."""

import torch
from sklearn.metrics import f1_score


def validate(net, val_loader, device):
    net.eval()
    f1, n = 0.0, 0
    with torch.no_grad():
        for inputs, labels in val_loader:
            preds = net(inputs.to(device)).argmax(dim=1)
            f1 += f1_score(labels, preds.cpu(), average="macro")  # expect: AB202
            n += 1
    return f1 / n
