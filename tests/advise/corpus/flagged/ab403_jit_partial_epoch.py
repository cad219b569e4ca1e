# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""jax.jit of a functools.partial made every epoch: a new function object misses the compile
cache, so every epoch compiles again, however few the epochs."""

from functools import partial

import jax
import jax.numpy as jnp


def sgd_step(params, x, y, lr):
    grads = jax.grad(lambda p: jnp.mean((x @ p - y) ** 2))(params)
    return params - lr * grads


def fit(params, x, y, lrs):
    for lr in lrs:
        step = jax.jit(partial(sgd_step, lr=lr))  # expect: AB403
        params = step(params, x, y)
    return params
