# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Compiling each of several different functions once."""

import jax
import jax.numpy as jnp

funcs = [jnp.sin, jnp.cos, jnp.tanh]
compiled = []
for fn in funcs:
    compiled.append(jax.jit(fn))
