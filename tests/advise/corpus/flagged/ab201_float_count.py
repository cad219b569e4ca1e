# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Counting positives with float() on each element."""

import torch


def count_positive(t: torch.Tensor) -> int:
    count = 0
    for i in range(len(t)):
        if float(t[i]) > 0:  # expect: AB201
            count += 1
    return count
