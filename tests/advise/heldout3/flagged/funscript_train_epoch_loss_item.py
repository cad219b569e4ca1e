# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Trains a funscript position predictor, summing the epoch loss with loss.item() after every batch."""

# Source: https://github.com/michael-mueller-git/FunPos/issues/1 (train_epoch_loss += loss.item()
# costs about 300 ms per step on a GTX 1660 super).

import torch
import torch.nn as nn


def train_epoch(model, train_loader, optimizer, device):
    criterion = nn.MSELoss()
    model.train()
    train_epoch_loss = 0.0
    for frames, positions in train_loader:
        frames = frames.to(device)
        positions = positions.to(device)
        optimizer.zero_grad()
        predicted = model(frames)
        loss = criterion(predicted, positions)
        loss.backward()
        optimizer.step()
        train_epoch_loss += loss.item()  # expect: AB201
    return train_epoch_loss / len(train_loader)
