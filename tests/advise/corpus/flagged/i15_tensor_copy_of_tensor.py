# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""torch.tensor() of something that already is a tensor: a copy (and a warning) per call."""

import torch


def predict(model, x: torch.Tensor) -> torch.Tensor:
    inputs = torch.tensor(x, dtype=torch.float32)  # expect: AB203
    with torch.no_grad():
        return model(inputs)
