# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Computes per-class accuracy of a tabular classifier by running the model on one dataset item at a time."""

# Source: https://jamesmccaffrey.wordpress.com/2022/07/12/pytorch-multi-class-accuracy-by-class/ (demo accuracy(): for i in range(len(ds)): X = ds[i][0].reshape(1,-1); oupt = model(X); notes a batched version is much faster)

import numpy as np
import torch


def accuracy(model, X_all: torch.Tensor, y_all: np.ndarray, num_classes: int):
    model.eval()
    preds = []
    with torch.no_grad():
        for i in range(len(X_all)):  # expect: AB106
            oupt = model(X_all[i].reshape(1, -1))  # logits form
            preds.append(torch.argmax(oupt, dim=1))
    pred = torch.cat(preds).numpy()
    correct = pred == y_all
    counts = np.stack([np.bincount(y_all[correct], minlength=num_classes),
                       np.bincount(y_all[~correct], minlength=num_classes)], axis=1)
    pcts = counts[:, 0] / counts.sum(axis=1)
    overall = counts[:, 0].sum() / counts.sum()
    return counts, pcts, overall
