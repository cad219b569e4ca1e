# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""An input-normalisation module whose mean/std tensors, created in __init__, are moved to the input's device on every forward call."""

# Source: https://github.com/Lightning-AI/pytorch-lightning/issues/1978 (question: moving a tensor created in __init__ inside forward runs at every step; answer: register it as a buffer)

import torch
import torch.nn as nn
import torchvision

IMAGENET_MEAN = [0.485, 0.456, 0.406]
IMAGENET_STD = [0.229, 0.224, 0.225]


class NormalizedBackbone(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.mean = torch.tensor(IMAGENET_MEAN).view(1, 3, 1, 1)
        self.std = torch.tensor(IMAGENET_STD).view(1, 3, 1, 1)
        self.backbone = torchvision.models.resnet50(num_classes=num_classes)

    def forward(self, x):
        x = (x - self.mean.to(x.device)) / self.std.to(x.device)  # expect: AB202
        return self.backbone(x)


def fit(model, loader, optimizer, device="cuda", epochs=30):
    model.to(device)
    for _ in range(epochs):
        for images, targets in loader:
            images, targets = images.to(device), targets.to(device)
            loss = nn.functional.cross_entropy(model(images), targets)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
