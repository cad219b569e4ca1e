# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Validation metrics kept on the GPU and read once at the end; predictions gathered once."""

import torch


@torch.no_grad()
def validate(model, loader, device):
    model.eval()
    correct = torch.zeros((), device=device)
    preds = []
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        p = model(x).argmax(1)
        correct += (p == y).sum()
        preds.append(p)
    return correct.item() / len(loader.dataset), torch.cat(preds).cpu().numpy()
