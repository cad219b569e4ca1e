# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Gradient descent that builds and jits grad(loss) again at every step."""

# Source: https://github.com/jax-ml/jax/issues/1832 (mattjj: "when you use jit, you should probably
# do it once outside the timing loop. Otherwise ... you're paying the recompilation cost each time").

import jax
import jax.numpy as jnp


def loss(params, X, y):
    return jnp.mean((X @ params - y) ** 2)


def fit(X, y, num_steps: int = 1000, lr: float = 1e-2):
    params = jnp.zeros(X.shape[1])
    for step in range(num_steps):
        g = jax.jit(jax.grad(loss))(params, X, y)  # expect: AB403
        params = params - lr * g
    return params
