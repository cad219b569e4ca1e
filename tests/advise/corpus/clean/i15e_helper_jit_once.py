# ruff: noqa  (good code that looks like a slow pattern: the linter's test corpus)
"""A jitted function made once at import, called from a loop of 1000 steps."""

import jax
import jax.numpy as jnp

energy = jax.jit(lambda y: jnp.sum(y**2))


def step(x):
    return energy(x)


key = jax.random.PRNGKey(0)
total = 0.0
for i in range(1000):
    key, sub = jax.random.split(key)
    total += step(jax.random.normal(sub, (256,)))
