# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""A hand-written Huber loss that branches on each element of the error tensor."""

# Source: https://www.codegenes.net/blog/assign-value-to-pytorch-tensor-in-a-loop (assigning tensor
# elements in a loop "based on certain conditions": if tensor[i] > 0 ... else ...).

import torch


def huber(pred: torch.Tensor, target: torch.Tensor, delta: float = 1.0) -> torch.Tensor:
    err = (pred - target).flatten()
    loss = torch.empty_like(err)
    for i in range(err.numel()):  # expect: AB102
        e = err[i]
        if e.abs() <= delta:
            loss[i] = 0.5 * e * e
        else:
            loss[i] = delta * (e.abs() - 0.5 * delta)
    return loss.mean()
