# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Trains an imbalanced classifier with a class-weighted loss that is built and moved to the device once, before the loop."""

# Source: https://github.com/fastai/fastai/pull/3395 (PR: send loss_func to the device once if it is an nn.Module holding parameters or buffers)

import torch
import torch.nn as nn


def train(model, loader, class_counts, device="cuda", epochs=20):
    counts = torch.tensor(class_counts, dtype=torch.float32)
    criterion = nn.CrossEntropyLoss(weight=counts.sum() / (len(counts) * counts)).to(device)
    model = model.to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    for _ in range(epochs):
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
    return model
