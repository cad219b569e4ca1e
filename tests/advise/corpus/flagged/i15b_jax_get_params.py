# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Copying the parameters back to NumPy after every update to log their norm."""

import jax
import jax.numpy as jnp
import numpy as np


def fit(params, grad_fn, data, lr=1e-2):
    norms = []
    for x, y in data:
        g = grad_fn(params, x, y)
        params = jax.tree_util.tree_map(lambda p, gi: p - lr * gi, params, g)
        host = jax.device_get(params)  # expect: AB202
        norms.append(sum(np.linalg.norm(v) for v in jax.tree_util.tree_leaves(host)))
    return params, norms
