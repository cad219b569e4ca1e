# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""The tutorial training loop on a GPU: loss.item() every step, printed every 2000 mini-batches."""

# Source: https://androidkt.com/pytorch-what-is-a-model-train/ ("running_loss += loss.item()
# ... if i % 2000 == 1999: # print every 2000 mini-batches").

import torch
from torch import nn


def train(net: nn.Module, trainloader, optimizer, device="cuda") -> None:
    criterion = nn.CrossEntropyLoss()
    net.to(device)
    for epoch in range(10):
        net.train()
        running_loss = 0.0
        for i, data in enumerate(trainloader, 0):
            inputs, labels = data[0].to(device), data[1].to(device)
            optimizer.zero_grad()
            loss = criterion(net(inputs), labels)
            loss.backward()
            optimizer.step()
            running_loss += loss.item()  # expect: AB201
            if i % 2000 == 1999:
                print(f"[{epoch + 1}, {i + 1:5d}] loss: {running_loss / 2000:.3f}")
                running_loss = 0.0
    print("Finished Training")
