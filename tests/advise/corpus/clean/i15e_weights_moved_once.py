# ruff: noqa  (good code that looks like a slow pattern: the linter's test corpus)
"""Class weights built from a list once and moved to the GPU before the batch loop."""

import torch
import torch.nn as nn

device = torch.device("cuda")


def train(model, loader, opt, counts):
    w = torch.tensor([1.0 / c for c in counts]).to(device)
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        loss = nn.functional.cross_entropy(model(x), y, weight=w)
        opt.zero_grad()
        loss.backward()
        opt.step()
