# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""A fixed reference set put on the device again for every batch of a JAX training loop."""

# Source: https://github.com/jax-ml/jax/issues/1989 ("reference datasets used in the loss function
# for each batch ... expensive to copy to a device"; answer: device_put it once).

import jax
import jax.numpy as jnp
import numpy as np

reference = np.load("reference_spectra.npy").astype(np.float32)


def loss_fn(params, batch, ref):
    pred = batch @ params["w"] + params["b"]
    d2 = ((pred[:, None, :] - ref[None, :, :]) ** 2).sum(-1)
    return jnp.mean(jnp.min(d2, axis=1))


grad_fn = jax.jit(jax.grad(loss_fn))


def fit(params, batches, lr: float = 1e-3):
    for batch in batches:
        ref = jax.device_put(reference)  # expect: AB202
        grads = grad_fn(params, batch, ref)
        params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return params
