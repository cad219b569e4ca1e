# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Input-normalisation wrapper that registers mean/std as buffers so they follow the module to the GPU."""

# Source: https://github.com/pranz24/pytorch-soft-actor-critic/pull/21 (PR: Module.register_buffer is moved to CUDA/CPU with .to() transparently)

import torch
import torch.nn as nn
import torchvision


class NormalizedBackbone(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.register_buffer("mean", torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1))
        self.register_buffer("std", torch.tensor([0.229, 0.224, 0.225]).view(1, 3, 1, 1))
        self.backbone = torchvision.models.resnet50(num_classes=num_classes)

    def forward(self, x):
        return self.backbone((x - self.mean) / self.std)


def fit(model, loader, optimizer, device="cuda", epochs=30):
    model.to(device)
    for _ in range(epochs):
        for images, targets in loader:
            images, targets = images.to(device), targets.to(device)
            loss = nn.functional.cross_entropy(model(images), targets)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
