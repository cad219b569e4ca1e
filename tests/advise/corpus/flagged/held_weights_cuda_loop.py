# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (h_weights_cuda_loop): written after the rules, scored before any change to them."""

import torch


def score(batches, W: torch.Tensor):
    scores = []
    for xb in batches:
        xb = xb.cuda()
        scores.append(xb @ W.cuda())  # expect: AB202
    return scores
