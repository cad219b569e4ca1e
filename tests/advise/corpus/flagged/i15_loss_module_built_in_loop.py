# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A loss module constructed and moved to the device inside the batch loop."""

import torch
from torch import nn


def fit(net, train_loader, device="cuda"):
    net.to(device)
    optimizer = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
    for inputs, targets in train_loader:
        inputs = inputs.to(device)
        targets = targets.to(device)
        criterion = nn.CrossEntropyLoss(label_smoothing=0.1).to(device)  # expect: AB202
        outputs = net(inputs)
        loss = criterion(outputs, targets)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
