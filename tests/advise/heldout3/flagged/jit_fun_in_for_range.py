# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Evaluates a model function over many inputs, wrapping it with jax.jit inside the for loop."""

# Source: https://github.com/patrick-kidger/equinox/issues/1141 ("jax loops use": for _ in range(..):
# ... = jax.jit(fun_name); the maintainer answers it will recompile if the jit is inside the loop).

import jax
import jax.numpy as jnp


def fun_name(w, x):
    return jnp.tanh(x @ w).sum()


w = jnp.ones((64, 64))
xs = jax.random.normal(jax.random.PRNGKey(0), (500, 32, 64))

outs = []
for i in range(xs.shape[0]):
    out = jax.jit(fun_name)(w, xs[i])  # expect: AB403
    outs.append(out)
