# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Prediction decorated with torch.inference_mode()."""

import torch


@torch.inference_mode()
def predict(model, x: torch.Tensor) -> torch.Tensor:
    model.eval()
    return model(x).softmax(dim=-1)
