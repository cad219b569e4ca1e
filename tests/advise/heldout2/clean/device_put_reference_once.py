# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""A reference set put on the device once; each batch is put on the device as it arrives."""

# Source: https://github.com/jax-ml/jax/issues/1989 (reference data used in the loss of every
# batch: "device_put as in the quickstart documentation is probably what I want").

import jax
import jax.numpy as jnp
import numpy as np


def loss_fn(params, batch, ref):
    pred = batch @ params["w"] + params["b"]
    d2 = ((pred[:, None, :] - ref[None, :, :]) ** 2).sum(-1)
    return jnp.mean(jnp.min(d2, axis=1))


grad_fn = jax.jit(jax.grad(loss_fn))


def fit(params, host_batches, reference: np.ndarray, lr: float = 1e-3):
    ref = jax.device_put(reference)
    for host_batch in host_batches:
        batch = jax.device_put(host_batch)
        grads = grad_fn(params, batch, ref)
        params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return params
