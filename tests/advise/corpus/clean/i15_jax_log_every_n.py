# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A JAX loop that fetches its metrics from the device only every 100 steps."""

import jax


def train(state, step_fn, batches):
    for step, batch in enumerate(batches):
        state, metrics = step_fn(state, batch)
        if step % 100 == 0:
            m = jax.device_get(metrics)
            print(step, m["loss"], m["accuracy"])
    return state
