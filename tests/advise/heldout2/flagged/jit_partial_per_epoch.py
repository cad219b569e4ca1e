# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Re-jitting the training step with functools.partial each epoch to bake in the learning rate."""

# Source: https://github.com/patrick-kidger/equinox/issues/1141 ("for _ in range(..): ... =
# jax.jit(fun_name)"; answer: "it will recompile if you put the jit inside the for-loop"). A new
# partial object is a new function to jit, so every epoch traces and compiles again.

import functools

import jax
import jax.numpy as jnp


def train_step(params, batch, lr):
    x, y = batch
    grads = jax.grad(lambda p: jnp.mean((x @ p - y) ** 2))(params)
    return params - lr * grads


def fit(params, batches, epochs: int = 10, base_lr: float = 0.1):
    for epoch in range(epochs):
        lr = base_lr * 0.5**epoch
        step = jax.jit(functools.partial(train_step, lr=lr))  # expect: AB403
        for batch in batches:
            params = step(params, batch)
    return params
