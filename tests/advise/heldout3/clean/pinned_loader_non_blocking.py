# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Training loop that moves each new DataLoader batch to the GPU with pinned memory and non_blocking copies."""

# Source: https://theneuralbase.com/pytorch/learn/beginner/to-device-moving-tensors/ (use pin_memory=True
# in the DataLoader and .to(device, non_blocking=True) for batch transfers; move the model once).

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def train(model, dataset, epochs=5):
    model = model.to(device)
    train_loader = DataLoader(dataset, batch_size=32, shuffle=True, pin_memory=True, num_workers=4)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    criterion = nn.CrossEntropyLoss()
    for epoch in range(epochs):
        for batch, labels in train_loader:
            batch = batch.to(device, non_blocking=True)
            labels = labels.to(device, non_blocking=True)
            optimizer.zero_grad()
            loss = criterion(model(batch), labels)
            loss.backward()
            optimizer.step()
    return model
