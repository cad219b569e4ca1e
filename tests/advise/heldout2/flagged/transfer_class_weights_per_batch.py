# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Inverse-frequency class weights kept on the CPU and copied to the GPU for every batch."""

# Source: https://openillumi.com/?p=7587 (device management: move the model once, the batches in
# the loop, and create other tensors with device=device instead of copying them each step).

import torch
import torch.nn.functional as F


def train(model, loader, optimizer, class_counts, device="cuda", epochs: int = 10):
    class_weights = 1.0 / torch.as_tensor(class_counts, dtype=torch.float32)
    class_weights = class_weights / class_weights.sum()
    model.to(device)
    for epoch in range(epochs):
        for images, targets in loader:
            images, targets = images.to(device), targets.to(device)
            logits = model(images)
            w = class_weights.to(device)  # expect: AB202
            loss = F.cross_entropy(logits, targets, weight=w)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
