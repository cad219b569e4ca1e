# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Test accuracy counted with .item() on every batch."""

# Source: https://www.gitmemories.com/rdevon/cortex/issues/199 ("Using .item() to store results in
# routine call forces GPU to synchronize ... better to use .detach() ... and process ... at the
# end of an epoch").

import torch


def test_accuracy(net, testloader, device="cuda") -> float:
    correct = 0
    total = 0
    net.eval()
    with torch.no_grad():
        for images, labels in testloader:
            images, labels = images.to(device), labels.to(device)
            predicted = net(images).argmax(dim=1)
            total += labels.size(0)
            correct += (predicted == labels).sum().item()  # expect: AB201
    return 100 * correct / total
