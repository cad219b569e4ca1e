# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""JAX timing done right: block_until_ready before reading the clock."""

import time

import jax
import jax.numpy as jnp

f = jax.jit(lambda x: jnp.sin(x) ** 2)
x = jnp.ones(1_000_000)
f(x).block_until_ready()
start = time.perf_counter()
out = f(x).block_until_ready()
elapsed = time.perf_counter() - start
