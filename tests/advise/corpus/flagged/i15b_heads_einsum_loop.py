# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Attention probabilities filled one head at a time."""

import torch


def attention_probs(q: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
    B, H, T, D = q.shape
    probs = torch.empty(B, H, T, T, device=q.device)
    for h in range(H):  # expect: AB106
        probs[:, h] = torch.softmax(q[:, h] @ k[:, h].transpose(-1, -2) / D**0.5, dim=-1)
    return probs
