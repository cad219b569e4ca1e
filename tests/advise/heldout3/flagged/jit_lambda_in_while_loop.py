# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Counts up to n in a while loop that jit-compiles a lambda around the loop body on every pass."""

# Source: https://github.com/jax-ml/jax/issues/9288 (the JIT tutorial's "Don't do this!" example;
# with a lambda, jax.jit compiles again on every iteration).

import jax


def unjitted_loop_body(prev_i):
    return prev_i + 1


def g_inner_jitted_poorly(x, n):
    i = 0
    while i < n:
        # Don't do this!
        i = jax.jit(lambda x: unjitted_loop_body(x))(i)  # expect: AB403
    return x + i


print(g_inner_jitted_poorly(10, 20))
