# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""One tensor per row of an array, stacked afterwards: torch.from_numpy(features) does it once."""

import numpy as np
import torch


def to_tensor(features: np.ndarray) -> torch.Tensor:
    rows = []
    for i, row in enumerate(features):
        rows.append(torch.tensor(row, dtype=torch.float32))  # expect: AB108 (possible)
    return torch.stack(rows)


X = to_tensor(np.load("features.npy"))
