# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""The tutorial loop with the running loss kept on the device and read every 2000 mini-batches."""

# Source: https://androidkt.com/pytorch-what-is-a-model-train/ (the classifier training loop,
# "if i % 2000 == 1999: # print every 2000 mini-batches").

import torch
from torch import nn


def train(net: nn.Module, trainloader, optimizer, device="cuda") -> None:
    criterion = nn.CrossEntropyLoss()
    net.to(device)
    for epoch in range(10):
        running_loss = torch.zeros((), device=device)
        for i, (inputs, labels) in enumerate(trainloader):
            inputs, labels = inputs.to(device), labels.to(device)
            optimizer.zero_grad()
            loss = criterion(net(inputs), labels)
            loss.backward()
            optimizer.step()
            running_loss += loss.detach()
            if i % 2000 == 1999:
                print(f"[{epoch + 1}, {i + 1:5d}] loss: {running_loss.item() / 2000:.3f}")
                running_loss.zero_()
