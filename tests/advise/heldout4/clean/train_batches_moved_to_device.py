# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Standard training loop that moves the model to the GPU once and each freshly loaded batch inside the loop."""

# Source: https://runebook.dev/en/docs/pytorch/generated/torch.nn.module/torch.nn.Module.to (guide: move the model once with model.to(device); in the training loop move inputs and labels of each batch)

import torch
import torch.nn as nn


def train(model, dataloader, epochs=10, lr=1e-3):
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = model.to(device)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    for epoch in range(epochs):
        running = torch.zeros((), device=device)
        for inputs, labels in dataloader:
            inputs = inputs.to(device, non_blocking=True)
            labels = labels.to(device, non_blocking=True)
            optimizer.zero_grad()
            loss = criterion(model(inputs), labels)
            loss.backward()
            optimizer.step()
            running += loss.detach()
        print(f"epoch {epoch}: mean loss {running.item() / len(dataloader):.4f}")
