# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Calls a jitted function repeatedly with inputs of one fixed shape, so it compiles only once."""

# Source: https://theneuralbase.com/jax/learn/beginner/jit-recompilation-shape-changes/ (JIT compiles
# for a specific input shape; calls with the same shape reuse the compiled code).

import jax
import jax.numpy as jnp


@jax.jit
def add_one(x):
    return x + 1


key = jax.random.PRNGKey(0)
outputs = []
for step in range(100):
    key, sub = jax.random.split(key)
    outputs.append(add_one(jax.random.normal(sub, (5,))))
result = jnp.stack(outputs)
