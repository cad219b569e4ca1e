# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""JAX training loop that keeps per-step metrics on the device and fetches them to the host only every 500 steps."""

# Source: https://github.com/jax-ml/jax/pull/31071 (training cookbook docs: rely on asynchronous dispatch and request device-to-host transfers only when the values are needed)

import jax
import jax.numpy as jnp


def train(train_step, state, data_iter, num_steps=100_000, log_every=500):
    pending = []
    history = []
    for step in range(num_steps):
        state, metrics = train_step(state, next(data_iter))
        pending.append(metrics["loss"])
        if (step + 1) % log_every == 0:
            losses = jax.device_get(jnp.stack(pending))
            history.extend(losses.tolist())
            print(f"step {step + 1}: mean loss {losses.mean():.4f}")
            pending = []
    return state, history
