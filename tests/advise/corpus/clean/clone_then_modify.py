# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A clone that is written into: the copy is needed."""

import torch


def masked_variants(x: torch.Tensor, masks: list) -> list:
    out = []
    for mask in masks:
        noisy = x.clone()
        noisy[mask] = 0.0
        out.append(noisy)
    return out
