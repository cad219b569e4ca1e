# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (h_tensor_list_elementwise): written after the rules, scored before any change to them."""

import torch


def to_tensors(arr: torch.Tensor):
    items = []
    for i in range(arr.shape[0]):
        items.append(torch.tensor([arr[i].item(), 1.0]))  # expect: AB108
    return torch.stack(items)
