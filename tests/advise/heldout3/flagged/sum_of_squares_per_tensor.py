# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Applies a per-example sum-of-squares function to each row of a batch and stacks the results."""

# Source: https://runebook.dev/en/docs/pytorch/generated/torch.autograd.function.inplacefunction/torch.autograd.function.InplaceFunction.vmap
# (from manual loops to torch.vmap: the for loop over batch_of_tensors is the inefficient way).

import torch


def sum_of_squares(x):
    return (x ** 2).sum()


batch_of_tensors = torch.randn(100, 5)

results = []
for tensor in batch_of_tensors:  # expect: AB106
    results.append(sum_of_squares(tensor))
results = torch.stack(results)
print(results.shape)
