# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Predicts on a validation DataLoader after model.eval() without disabling gradient tracking."""

# Source: https://repository.mulesoft.org/nexus/content/repositories/public/org/green-code-initiative/creedengo-rules-specifications/2.5.0/creedengo-rules-specifications-2.5.0-python.jar:/tmp/tarfile_extract_1mqy19la/org/green-code-initiative/rules/python/GCI100.html
# (rule GCI100: model.eval() then outputs = model(inputs) in a loop still tracks gradients).

import torch


def predict(model, dataloader, device):
    model.eval()
    all_preds = []
    for inputs in dataloader:
        inputs = inputs.to(device)
        outputs = model(inputs)  # expect: AB402
        all_preds.append(outputs.argmax(dim=1))
    return torch.cat(all_preds)
