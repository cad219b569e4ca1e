# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""Class weights created on the device once, before the epoch loop."""

# Source: https://openillumi.com/?p=7587 ("new tensors should use the device=device argument at
# creation ... to minimize expensive CPU-GPU data transfers").

import torch
import torch.nn.functional as F


def train(model, loader, optimizer, class_counts, device="cuda", epochs: int = 10):
    counts = torch.as_tensor(class_counts, dtype=torch.float32, device=device)
    class_weights = (1.0 / counts) / (1.0 / counts).sum()
    model.to(device)
    for epoch in range(epochs):
        for images, targets in loader:
            images, targets = images.to(device), targets.to(device)
            loss = F.cross_entropy(model(images), targets, weight=class_weights)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
