# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Computes the gradient of a cumulative-sum objective at many inputs, building jit(grad(...)) for each one."""

# Source: https://github.com/jax-ml/jax/issues/1832 (mattjj: use jit once outside the timing loop;
# writing jit(grad(...)) inside it clears the cache and pays the recompilation every time).

import jax.numpy as np
from jax import grad, jit, lax, random


def func_jax(x):
    def body(f_prev, x_i):
        return f_prev + x_i, f_prev + x_i

    _, f = lax.scan(body, 0., x)
    return np.sum(f)


xs = random.normal(random.PRNGKey(0), (200, 10000))
grads = [jit(grad(func_jax))(x) for x in xs]  # expect: AB403
