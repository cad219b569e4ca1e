# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Sum-of-squares helper that creates a new jax.jit of a lambda each time it is called from a hot loop."""

# Source: https://crackedaicode.com/problems/jax-compilation-cache-key (a function jitted inside another
# function creates a new jit object per call: a cache miss and a full recompile every time).

import jax
import jax.numpy as jnp


def hot_call(x):
    f = jax.jit(lambda y: jnp.sum(y ** 2))  # expect: AB403
    return f(x)


key = jax.random.PRNGKey(0)
total = 0.0
for step in range(1000):
    key, sub = jax.random.split(key)
    total += hot_call(jax.random.normal(sub, (256,)))
