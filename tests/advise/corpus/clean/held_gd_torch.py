# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (hc_gd_torch): written after the rules, scored before any change to them."""

import torch


def fit(X: torch.Tensor, y: torch.Tensor, steps: int = 500, lr: float = 0.1):
    w = torch.zeros(X.shape[1], requires_grad=True)
    for it in range(steps):
        loss = ((X @ w - y) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            w -= lr * w.grad
            w.grad.zero_()
        if it % 50 == 0:
            print(it, loss.item())
    return w.detach()
