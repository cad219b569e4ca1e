# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Gradient of a running-sum objective written with lax.scan, jitted once and reused for every input."""

# Source: https://github.com/jax-ml/jax/issues/1832 (mattjj's suggestion: a lax.scan version of
# func_jax, with jit applied once outside the loop so compilation is cached).

import jax.numpy as np
from jax import grad, jit, lax, random


def func_jax(x):
    def body(f_prev, x_i):
        return f_prev + x_i, f_prev + x_i

    _, f = lax.scan(body, 0., x)
    return np.sum(f)


g = jit(grad(func_jax))
xs = random.normal(random.PRNGKey(0), (200, 10000))
grads = [g(x) for x in xs]
