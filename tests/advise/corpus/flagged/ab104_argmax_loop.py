# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Finding the largest logit and its index by hand."""

import torch


def best_class(logits: torch.Tensor) -> tuple[float, int]:
    best = logits[0]
    best_i = 0
    for i in range(1, logits.shape[0]):  # expect: AB104
        if logits[i] > best:
            best = logits[i]
            best_i = i
    return best, best_i
