# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A predict helper that records the graph."""

import torch


def predict(model, x: torch.Tensor) -> torch.Tensor:
    model.eval()
    return model(x).softmax(dim=-1)  # expect: AB402
