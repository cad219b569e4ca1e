# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Compile once, call many times."""

import jax
import jax.numpy as jnp


def loss(p, x):
    return jnp.mean((x @ p) ** 2)


step = jax.jit(lambda p, x: p - 0.1 * jax.grad(loss)(p, x))


def train(p, batches):
    for xb in batches:
        p = step(p, xb)
    return p
