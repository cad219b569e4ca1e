# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Putting the same data on the device at every step."""

import jax
import numpy as np

X = np.random.rand(1024, 8).astype(np.float32)
y = np.random.rand(1024).astype(np.float32)


def fit(params, update, steps: int):
    for _ in range(steps):
        params = update(params, jax.device_put(X), y)  # expect: AB202
    return params
