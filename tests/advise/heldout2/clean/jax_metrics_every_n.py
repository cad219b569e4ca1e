# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""A JAX training loop that fetches metrics to the host only every log_every steps."""

# Source: https://github.com/Oneflow-Inc/models/pull/312 ("if self.cur_iter %
# self.loss_print_every_n_iter == 0: loss = loss.numpy()") and
# https://github.com/AI-Hypercomputer/maxtext/pull/1956 (letting JAX queue steps instead of
# blocking on every step).

import jax
import jax.numpy as jnp


def loss_fn(params, batch):
    x, y = batch
    return jnp.mean((x @ params - y) ** 2)


@jax.jit
def train_step(params, batch):
    loss, grads = jax.value_and_grad(loss_fn)(params, batch)
    return params - 1e-2 * grads, loss


def train(params, batches, log_every: int = 100):
    for step, batch in enumerate(batches):
        params, loss = train_step(params, batch)
        if step % log_every == 0:
            print(step, jax.device_get(loss))
    return params
