# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A helper that jits a fresh lambda on every call, called 1000 times."""

import jax
import jax.numpy as jnp


def energy(x):
    f = jax.jit(lambda y: jnp.sum(y**2))  # expect: AB403
    return f(x)


key = jax.random.PRNGKey(0)
total = 0.0
for step in range(1000):
    key, sub = jax.random.split(key)
    total += energy(jax.random.normal(sub, (256,)))
