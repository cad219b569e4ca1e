# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Row norms of a JAX array, one row at a time."""

import jax.numpy as jnp


def row_norms(X):
    return jnp.array([jnp.sqrt(jnp.sum(X[i] ** 2)) for i in range(X.shape[0])])  # expect: AB106
