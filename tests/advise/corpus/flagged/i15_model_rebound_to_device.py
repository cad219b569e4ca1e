# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""The model moved to the GPU again on every batch (written as an assignment, so it looks new)."""

import torch
import torch.nn as nn


def train(model: nn.Module, loader, epochs: int = 10):
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for images, labels in loader:
            images, labels = images.to(device), labels.to(device)
            model = model.to(device)  # expect: AB202
            loss = nn.functional.cross_entropy(model(images), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return model
