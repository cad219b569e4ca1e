# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Squares the elements of a torch tensor inside a Python for loop over its first dimension."""

# Source: https://taourl.com/read-2409677.html (eliminating for loops in PyTorch functions: the
# square_elements_loop version vs tensor ** 2).

import torch


def square_elements_loop(tensor):
    result = torch.zeros_like(tensor)
    for i in range(tensor.size(0)):  # expect: AB101
        result[i] = tensor[i] ** 2
    return result


tensor = torch.randn(100_000)
result_loop = square_elements_loop(tensor)
