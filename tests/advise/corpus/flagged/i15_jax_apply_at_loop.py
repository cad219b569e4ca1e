# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A scalar function applied per element of a JAX array, one .at[].set per element."""

import jax.numpy as jnp


def gelu_loop(x):
    out = jnp.empty_like(x)
    for i in range(len(x)):  # expect: AB103
        out = out.at[i].set(0.5 * x[i] * (1 + jnp.tanh(0.79788456 * (x[i] + 0.044715 * x[i] ** 3))))
    return out
