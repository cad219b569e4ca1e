# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Imbalanced-class training loop that rebuilds the class-weight tensor and moves it to the GPU each batch."""

# Source: https://theneuralbase.com/pytorch/learn/beginner/to-device-moving-tensors/ (repeated
# .to(device) calls inside training loops are a bottleneck; move everything once before the loop).

import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def train_one_epoch(model, loader, optimizer, class_counts):
    model.train()
    for inputs, labels in loader:
        inputs, labels = inputs.to(device), labels.to(device)
        weights = torch.tensor([1.0 / c for c in class_counts]).to(device)  # expect: AB202
        criterion = nn.CrossEntropyLoss(weight=weights)
        optimizer.zero_grad()
        loss = criterion(model(inputs), labels)
        loss.backward()
        optimizer.step()
