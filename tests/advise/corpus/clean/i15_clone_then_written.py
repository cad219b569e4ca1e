# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Copies that are written into afterwards: needed."""

import numpy as np
import torch


def relu_copy(x: torch.Tensor) -> torch.Tensor:
    y = x.clone()
    y.clamp_(min=0)
    return y


def clip_outliers(values: np.ndarray, k: float = 3.0) -> np.ndarray:
    arr = np.array(values)
    mu, sd = arr.mean(), arr.std()
    arr[np.abs(arr - mu) > k * sd] = mu
    return arr
