# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""A JAX benchmark helper that waits for each result with jax.block_until_ready."""

# Source: https://github.com/gbionics/jaxsim/pull/344 ("Use jax.block_until_ready to measure the
# time of the full computation and not only the asynchronous dispatch") and
# https://github.com/patrick-kidger/diffrax/pull/689 (benchmark template: compile first, then
# timeit.repeat(lambda: jax.block_until_ready(run(x)), ...)).

import time

import jax
import jax.numpy as jnp


def bench(f, *args, n: int = 20) -> float:
    jax.block_until_ready(f(*args))
    t0 = time.perf_counter()
    for _ in range(n):
        out = f(*args)
    jax.block_until_ready(out)
    return (time.perf_counter() - t0) / n


@jax.jit
def foo(x):
    return jnp.sum(jnp.tanh(x @ x.T))


print(bench(foo, jnp.ones((500, 500))))
