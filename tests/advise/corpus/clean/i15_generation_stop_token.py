# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Greedy decoding on the device; the host looks only at the stop test."""

import torch


@torch.no_grad()
def greedy(model, idx, eos_id, max_new=64):
    for _ in range(max_new):
        logits = model(idx)[:, -1, :]
        nxt = logits.argmax(dim=-1, keepdim=True)
        idx = torch.cat([idx, nxt], dim=1)
        if nxt.item() == eos_id:
            break
    return idx
