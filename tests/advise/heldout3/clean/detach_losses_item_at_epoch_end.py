# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Training routine that keeps step losses as detached tensors and converts them to numbers at the end of the epoch."""

# Source: https://www.gitmemories.com/rdevon/cortex/issues/199 (use .detach() to store results within a
# training step and get the Python values only at the end of the epoch, instead of .item() every step).

import torch


def train_epoch(model, loader, optimizer, criterion, device):
    model.train()
    step_losses = []
    for inputs, targets in loader:
        inputs, targets = inputs.to(device, non_blocking=True), targets.to(device, non_blocking=True)
        optimizer.zero_grad()
        loss = criterion(model(inputs), targets)
        loss.backward()
        optimizer.step()
        step_losses.append(loss.detach())
    epoch_losses = torch.stack(step_losses)
    return epoch_losses.mean().item(), epoch_losses.cpu().numpy()
