# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""jax.jit(jax.grad(loss)) called on every step: grad returns a new function each time, so
each step traces and compiles again."""

import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def train(w, x, y, epochs=3):
    for _ in range(epochs):
        g = jax.jit(jax.grad(loss))(w, x, y)  # expect: AB403
        w = w - 0.1 * g
    return w
