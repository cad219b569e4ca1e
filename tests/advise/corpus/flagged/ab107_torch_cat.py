# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Collecting model outputs by concatenating to an accumulator."""

import torch


def embed_all(model, loader, dim: int) -> torch.Tensor:
    out = torch.empty(0, dim)
    with torch.no_grad():
        for (xb,) in loader:
            out = torch.cat([out, model(xb)])  # expect: AB107
    return out
