# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""The loss of a jitted step read on the host every 100 steps only."""

import jax
import jax.numpy as jnp


@jax.jit
def step(w, x, y):
    loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    return w - 0.01 * g, loss


def train(w, data):
    for i, (x, y) in enumerate(data):
        w, loss = step(w, x, y)
        if i % 100 == 0:
            print(i, float(loss))
    return w
