# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""The training step jitted once; the per-epoch learning rate is passed as an argument."""

# Source: https://github.com/patrick-kidger/equinox/issues/1141 (answer: "it will recompile if you
# put the jit inside the for-loop"; jit once outside and call it in the loop).

import jax
import jax.numpy as jnp


@jax.jit
def train_step(params, batch, lr):
    x, y = batch
    grads = jax.grad(lambda p: jnp.mean((x @ p - y) ** 2))(params)
    return params - lr * grads


def fit(params, batches, epochs: int = 10, base_lr: float = 0.1):
    for epoch in range(epochs):
        lr = base_lr * 0.5**epoch
        for batch in batches:
            params = train_step(params, batch, lr)
    return params
