# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A defensive clone on every step of an inference loop."""

import torch


@torch.no_grad()
def rollout(model, x: torch.Tensor, steps: int):
    outs = []
    for _ in range(steps):
        x_in = x.clone()  # expect: AB203
        outs.append(model(x_in))
    return outs
