# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Feature frames converted to tensors row by row and stacked."""

# Source: https://github.com/pytorch/pytorch/issues/39842 ("list of numpy -> tensor is much slower
# than list of numpy -> np.stack -> tensor").

import numpy as np
import torch


def frames_to_tensor(frames: np.ndarray) -> torch.Tensor:
    rows = []
    for row in frames:
        rows.append(torch.tensor(row, dtype=torch.float32))  # expect: AB108
    return torch.stack(rows)


features = np.load("mfcc.npy")
X = frames_to_tensor(features)
