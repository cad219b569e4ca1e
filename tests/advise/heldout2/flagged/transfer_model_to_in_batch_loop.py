# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""A training epoch that moves the model to the device on every batch, next to the batch."""

# Source: https://theneuralbase.com/pytorch/learn/beginner/to-device-moving-tensors/
# (tutorial note: "Repeated .to(device) calls inside training loops are a major bottleneck ...
# move everything once before the loop starts, not per batch").

import torch
from torch import nn


def train_one_epoch(model: nn.Module, loader, optimizer, device: torch.device) -> None:
    criterion = nn.CrossEntropyLoss()
    model.train()
    for inputs, labels in loader:
        model.to(device)  # expect: AB202
        inputs = inputs.to(device, non_blocking=True)
        labels = labels.to(device, non_blocking=True)
        optimizer.zero_grad()
        loss = criterion(model(inputs), labels)
        loss.backward()
        optimizer.step()
