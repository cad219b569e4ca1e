# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Per-point gradients with a fresh jit(grad(f)) for each element of a comprehension."""

import jax.numpy as jnp
from jax import grad, jit, random


def f(x):
    return jnp.sum(jnp.tanh(x) ** 2)


xs = random.normal(random.PRNGKey(0), (500, 32))
grads = [jit(grad(f))(x) for x in xs]  # expect: AB403
