# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A solver that checks convergence each iteration: the check needs the value."""

import torch


def richardson(A: torch.Tensor, b: torch.Tensor, omega: float, tol: float = 1e-8):
    x = torch.zeros_like(b)
    r = b - A @ x
    while torch.linalg.norm(r).item() > tol:
        x = x + omega * r
        r = b - A @ x
    return x
