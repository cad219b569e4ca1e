# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Metrics kept on the device in the loop, fetched once after it."""

import jax
import jax.numpy as jnp


def evaluate(apply_fn, params, batches):
    correct = jnp.zeros(())
    for x, y in batches:
        correct = correct + (apply_fn(params, x).argmax(-1) == y).sum()
    return jax.device_get(correct)
