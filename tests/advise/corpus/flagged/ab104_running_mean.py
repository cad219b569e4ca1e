# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A mean accumulated over the rows of a tensor."""

import torch


def mean_rows(t: torch.Tensor) -> torch.Tensor:
    s = torch.zeros(t.shape[1])
    for row in t:  # expect: AB104
        s = s + row
    return s / t.shape[0]
