# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (h_softmax_rows): written after the rules, scored before any change to them."""

import torch


def softmax_rows(logits: torch.Tensor) -> torch.Tensor:
    out = torch.empty_like(logits)
    for r in range(logits.size(0)):  # expect: AB106
        out[r] = torch.softmax(logits[r], dim=0)
    return out
