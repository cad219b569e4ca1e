# ruff: noqa  (good code that looks like a slow pattern: the linter's test corpus)
"""Metrics fetched from the device for each key, but only every 100 steps."""

import jax
import jax.numpy as jnp


def run(step_fn, state, batches, log):
    for step, batch in enumerate(batches):
        state, metrics = step_fn(state, jnp.asarray(batch))
        if step % 100 == 0:
            for name, value in metrics.items():
                log(name, jax.device_get(value))
    return state
