# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (hc_seq_generation): written after the rules, scored before any change to them."""

import torch


@torch.no_grad()
def generate(model, tokens: torch.Tensor, n_new: int):
    for _ in range(n_new):
        logits = model(tokens)[:, -1]
        nxt = logits.argmax(-1, keepdim=True)
        tokens = torch.cat([tokens, nxt], dim=1)
    return tokens
