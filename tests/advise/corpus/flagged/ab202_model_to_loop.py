# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Moving the model to the GPU inside the batch loop."""

import torch


def evaluate(model, loader):
    device = torch.device("cuda")
    correct = 0
    with torch.no_grad():
        for xb, yb in loader:
            model.to(device)  # expect: AB202
            out = model(xb.to(device))
            correct += (out.argmax(1) == yb.to(device)).sum()
    return correct
