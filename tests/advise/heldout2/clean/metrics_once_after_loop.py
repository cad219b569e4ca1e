# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""Predictions gathered on the device, moved to the CPU once, then scored with each metric."""

# Source: https://github.com/emadeldeen24/AttnSleep/issues/13 (val_f1 averaged over batches was
# wrong; the metric has to be computed on the concatenated outputs of the whole set).

import torch
from sklearn.metrics import accuracy_score, cohen_kappa_score, f1_score

METRICS = {
    "accuracy": accuracy_score,
    "macro_f1": lambda t, p: f1_score(t, p, average="macro"),
    "kappa": cohen_kappa_score,
}


@torch.no_grad()
def evaluate(model, loader, device="cuda") -> dict:
    model.eval()
    outs, trgs = [], []
    for data, target in loader:
        outs.append(model(data.to(device)).argmax(dim=1))
        trgs.append(target.to(device))
    pred = torch.cat(outs).cpu().numpy()
    true = torch.cat(trgs).cpu().numpy()
    return {name: fn(true, pred) for name, fn in METRICS.items()}
