# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Evaluates an MNIST classifier on the GPU, summing the test loss and the number of correct predictions per batch."""

# Source: https://github.com/pytorch/examples/pull/508 (mnist_hogwild test(): test_loss += ....item() and correct += ....sum().item() for every batch)

import torch
import torch.nn.functional as F


def test(model, device, data_loader):
    model.eval()
    test_loss = 0
    correct = 0
    with torch.no_grad():
        for data, target in data_loader:
            data, target = data.to(device), target.to(device)
            output = model(data)
            test_loss += F.nll_loss(output, target, reduction="sum").item()  # expect: AB201
            pred = output.max(1)[1]
            correct += pred.eq(target).sum().item()  # expect: AB201

    test_loss /= len(data_loader.dataset)
    print(f"Test set: Average loss: {test_loss:.4f}, Accuracy: {correct}/{len(data_loader.dataset)}")
    return test_loss, correct
