# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A learning-rate sweep that jits a fresh lambda per value."""

import jax
import jax.numpy as jnp


def loss(p):
    return jnp.sum((p - 3.0) ** 2)


grad = jax.grad(loss)
results = {}
for lr in (0.1, 0.01, 0.001):
    step = jax.jit(lambda p: p - lr * grad(p))  # expect: AB403
    p = jnp.zeros(3)
    for _ in range(100):
        p = step(p)
    results[lr] = p
