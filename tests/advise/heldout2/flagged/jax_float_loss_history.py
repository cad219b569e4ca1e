# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""A jitted JAX training step whose loss is turned into a Python float after every step."""

# Source: https://github.com/tillahoffmann/jax-mps/pull/180 ("The old loop called .item() every
# step, forcing a device->host read that blocks until the GPU finishes that step").

import jax
import jax.numpy as jnp


def loss_fn(params, x, y):
    h = jnp.tanh(x @ params["w1"])
    return jnp.mean((h @ params["w2"] - y) ** 2)


@jax.jit
def update(params, x, y, lr=1e-3):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads), loss


def train(params, batches):
    losses = []
    for x, y in batches:
        params, loss = update(params, x, y)
        losses.append(float(loss))  # expect: AB201
    return params, losses
