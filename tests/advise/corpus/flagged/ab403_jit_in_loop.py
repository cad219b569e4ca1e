# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""jax.jit applied on every step."""

import jax


def train(update, params, batches):
    for batch in batches:
        step = jax.jit(update)  # expect: AB403
        params = step(params, batch)
    return params
