# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Batch inference after model.eval(), but with autograd still recording every forward pass."""

# Source: the creedengo rule GCI100 (green-code-initiative), page stored at
# https://repository.mulesoft.org/nexus/content/repositories/public/org/green-code-initiative/creedengo-rules-specifications/2.5.0/creedengo-rules-specifications-2.5.0-python.jar:/tmp/tarfile_extract_1mqy19la/org/green-code-initiative/rules/python/GCI100.html
# ("model.eval() / for inputs in dataloader: outputs = model(inputs)": gradients still tracked).

import torch


def predict(model: torch.nn.Module, dataloader, device="cuda") -> torch.Tensor:
    model.to(device)
    model.eval()
    preds = []
    for inputs in dataloader:
        outputs = model(inputs.to(device))  # expect: AB402
        preds.append(outputs.argmax(dim=1))
    return torch.cat(preds)
