# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""float() of the loss a jitted step returns, on every step: each one waits for the device."""

import jax
import jax.numpy as jnp


def loss_fn(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def step(w, x, y):
    loss, g = jax.value_and_grad(loss_fn)(w, x, y)
    return w - 0.01 * g, loss


def train(w, data):
    history = []
    for x, y in data:
        w, loss = step(w, x, y)
        history.append(float(loss))  # expect: AB201
    return w, history
