# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Class weights built from a list and moved to the GPU again for every batch."""

import torch
import torch.nn as nn

device = torch.device("cuda")


def train(model, loader, opt, counts):
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        w = torch.tensor([1.0 / c for c in counts]).to(device)  # expect: AB202
        loss = nn.functional.cross_entropy(model(x), y, weight=w)
        opt.zero_grad()
        loss.backward()
        opt.step()
