# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Bringing a tensor back element by element."""

import torch


def to_list(t: torch.Tensor) -> list:
    vals = []
    for i in range(len(t)):
        vals.append(t[i].cpu().numpy())  # expect: AB202
    return vals
