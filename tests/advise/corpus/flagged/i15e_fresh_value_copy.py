# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A loss computed as a tensor, then copied with torch.tensor before it is returned."""

import torch


def weighted_loss(pred, y, w):
    value = ((pred - y) ** 2 * w).mean() + torch.abs(pred).mean()
    value = torch.tensor(value, dtype=torch.float)  # expect: AB203
    return value
