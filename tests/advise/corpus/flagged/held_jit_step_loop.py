# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (h_jit_step_loop): written after the rules, scored before any change to them."""

from jax import jit
import jax.numpy as jnp


def simulate(f, x0, n):
    x = x0
    for i in range(n):
        x = jit(f)(x)  # expect: AB403
    return x
