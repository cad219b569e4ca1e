# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Runs jitted actor-critic updates in JAX and records the critic loss as a Python float after every update."""

# Source: https://github.com/rail-berkeley/serl/pull/30 (PR "remove/move jax.block_until_ready to accelerate async training": blocking on results every step stalls async dispatch)

import jax
import jax.numpy as jnp
import optax


def make_update(critic_apply, tx):
    @jax.jit
    def update(params, opt_state, batch):
        def loss_fn(p):
            q = critic_apply(p, batch["obs"], batch["act"])
            return jnp.mean((q - batch["target"]) ** 2)

        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss

    return update


def train(params, critic_apply, replay, num_steps=1_000_000, batch_size=256):
    tx = optax.adam(3e-4)
    opt_state = tx.init(params)
    update = make_update(critic_apply, tx)
    history = []
    for step in range(num_steps):
        batch = replay.sample(batch_size)
        params, opt_state, loss = update(params, opt_state, batch)
        history.append(float(loss))  # expect: AB201
        if step % 10_000 == 0:
            print(step, history[-1])
    return params, history
