# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Flax training loop that logs the loss to Weights & Biases as a Python float after every batch."""

# Source: https://github.com/wandb/wandb/issues/3690 ("How does wandb.log work with JAX's asynchronous
# dispatch?": logging a metric on every batch gave a near 2x slowdown).

import functools

import jax
import optax
import wandb


@functools.partial(jax.jit, static_argnums=(3, 4))
def train_step(params, opt_state, batch, apply_fn, tx):
    def loss_fn(p):
        logits = apply_fn(p, batch["image"])
        return optax.softmax_cross_entropy_with_integer_labels(logits, batch["label"]).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = tx.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state, loss


def train_epoch(params, opt_state, batches, apply_fn, tx):
    for batch in batches:
        params, opt_state, loss = train_step(params, opt_state, batch, apply_fn, tx)
        wandb.log({"train_loss": float(loss)})  # expect: AB201
    return params, opt_state
