# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Timing a jitted JAX function without block_until_ready."""

import time

import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    return jnp.tanh(x @ x.T).sum(axis=0)


x = jnp.ones((2000, 2000))
f(x).block_until_ready()  # compile first
start = time.time()
out = f(x)
elapsed = time.time() - start  # expect: AB301
print(elapsed)
