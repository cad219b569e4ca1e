# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Inference in batches: a loop over slices, not elements."""

import numpy as np
import torch


@torch.inference_mode()
def predict(model, X: np.ndarray, batch_size: int = 256) -> np.ndarray:
    out = np.empty((len(X), 10), dtype=np.float32)
    for i in range(0, len(X), batch_size):
        xb = torch.from_numpy(X[i : i + batch_size]).float()
        out[i : i + batch_size] = model(xb).numpy()
    return out
