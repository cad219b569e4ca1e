# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""A JAX training loop that fetches its metrics to the host after every step."""

# Source: https://github.com/jax-ml/jax/issues/1022 (jax.device_get costing ~0.5 ms of a 40 ms step)
# and https://github.com/p-doom/jasmine/issues/158 ("step bubble due to device-to-host transfer").
# Judgement call: device_get is both a device-to-host copy and a wait; the issue files it under
# transfers, and AB202's table names the transfer calls, so AB202.

import jax
import jax.numpy as jnp


def loss_fn(params, batch):
    x, y = batch
    return jnp.mean((x @ params - y) ** 2)


@jax.jit
def train_step(params, batch):
    loss, grads = jax.value_and_grad(loss_fn)(params, batch)
    return params - 1e-2 * grads, {"loss": loss, "grad_norm": jnp.linalg.norm(grads)}


def train(params, batches):
    history = []
    for step, batch in enumerate(batches):
        params, metrics = train_step(params, batch)
        metrics = jax.device_get(metrics)  # expect: AB202
        history.append(metrics["loss"])
    return params, history
