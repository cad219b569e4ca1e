# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A helper applied to each class's precision-recall curve: it slices and reduces a curve."""

import torch


def _area(precision: torch.Tensor, recall: torch.Tensor) -> torch.Tensor:
    return -torch.sum((recall[1:] - recall[:-1]) * precision[:-1])


def per_class_ap(precision: torch.Tensor, recall: torch.Tensor) -> torch.Tensor:
    return torch.stack([_area(p, r) for p, r in zip(precision, recall)])
