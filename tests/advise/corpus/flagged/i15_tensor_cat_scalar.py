# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A tensor grown one scalar at a time from Python values."""

import torch


def rewards_to_go(rewards, gamma=0.99):
    out = torch.tensor([])
    running = 0.0
    for r in reversed(rewards):
        running = r + gamma * running
        out = torch.cat([torch.tensor([running]), out])  # expect: AB107 (possible)
    return out
