# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""The usual epoch/batch loop: the model moved once, each batch moved as it arrives."""

# Source: https://androidkt.com/how-to-calculate-running-loss-using-loss-item-in-pytorch/
# (train_model: "for inputs, labels in dataloaders: inputs = inputs.to(device); labels =
# labels.to(device)").

import torch


def train_model(model, criterion, optimizer, scheduler, dataloader, device, num_epochs: int = 10):
    model = model.to(device)
    for epoch in range(num_epochs):
        model.train()
        epoch_loss = torch.zeros((), device=device)
        for inputs, labels in dataloader:
            inputs = inputs.to(device)
            labels = labels.to(device)
            optimizer.zero_grad()
            outputs = model(inputs)
            loss = criterion(outputs, labels)
            loss.backward()
            optimizer.step()
            epoch_loss += loss.detach() * inputs.size(0)
        scheduler.step()
        print(
            f"Epoch {epoch}/{num_epochs - 1} loss {epoch_loss.item() / len(dataloader.dataset):.4f}"
        )
    return model
