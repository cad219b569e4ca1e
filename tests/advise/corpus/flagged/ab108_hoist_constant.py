# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Class weights converted to a tensor on every batch."""

import torch
import torch.nn.functional as F


def train_epoch(model, loader, opt, device):
    class_weights = [0.2, 0.3, 0.5]
    for xb, yb in loader:
        xb, yb = xb.to(device), yb.to(device)
        w = torch.tensor(class_weights, device=device)  # expect: AB108
        loss = F.cross_entropy(model(xb), yb, weight=w)
        opt.zero_grad()
        loss.backward()
        opt.step()
