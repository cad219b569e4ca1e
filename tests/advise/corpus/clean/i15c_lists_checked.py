# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Two states compared element by element when they are lists of tensors."""

import torch


def same_state(a, b) -> bool:
    if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor):
        return a.shape == b.shape and torch.allclose(a, b)
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return all(x.shape == y.shape and torch.allclose(x, y) for x, y in zip(a, b))
    return False
