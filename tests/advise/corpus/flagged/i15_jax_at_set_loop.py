# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""An element loop written with JAX's functional updates."""

import jax.numpy as jnp


def squash(x):
    y = jnp.zeros_like(x)
    for i in range(x.shape[0]):  # expect: AB101
        y = y.at[i].set(2.0 * x[i] + 1.0)
    return y
