# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Computes accuracy for each of the three classes of a tabular classifier, one vectorised pass per class."""

# Source: https://jamesmccaffrey.wordpress.com/2022/09/26/pytorch-multi-class-accuracy-by-class-using-a-set-wise-approach/ (do_acc: one forward pass on all items, then for c in range(n_classes) with set-wise tensor ops)

import numpy as np
import torch


def do_acc(model, X: torch.Tensor, Y: torch.Tensor, n_classes: int = 3):
    model.eval()
    with torch.no_grad():
        oupt = model(X)  # all logits in one pass
    accs = []
    for c in range(n_classes):
        idxs = np.where(Y.numpy() == c)
        arg_maxs_c = torch.argmax(oupt[idxs], dim=1)
        num_correct = torch.sum(arg_maxs_c == c)
        accs.append(num_correct.item() / len(arg_maxs_c))
    return accs
