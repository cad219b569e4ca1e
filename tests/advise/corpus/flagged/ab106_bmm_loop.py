# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Attention scores computed per batch element."""

import torch


def attention_scores(q: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
    out = torch.empty(q.shape[0], q.shape[1], k.shape[1])
    for b in range(q.shape[0]):  # expect: AB106
        out[b] = q[b] @ k[b].T
    return out
