# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Inference over a DataLoader in eval mode under torch.no_grad(), concatenating the outputs once at the end."""

# Source: https://repository.mulesoft.org/nexus/content/repositories/public/org/green-code-initiative/creedengo-rules-specifications/2.5.0/creedengo-rules-specifications-2.5.0-python.jar:/tmp/tarfile_extract_1mqy19la/org/green-code-initiative/rules/python/GCI100.html
# (compliant solution of rule GCI100: model.eval() and the loop wrapped in torch.no_grad()).

import torch


def predict(model, dataloader, device):
    model.eval()
    outputs = []
    with torch.no_grad():
        for inputs in dataloader:
            outputs.append(model(inputs.to(device)))
    return torch.cat(outputs)
