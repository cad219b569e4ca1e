# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""A benchmark helper for jitted JAX functions that never waits for the result."""

# Source: https://github.com/jax-ml/jax/issues/1988 ("jit functions dispatch the computation to the
# device but do not wait for the result ... You have to add .block_until_ready()") and
# https://github.com/gbionics/jaxsim/pull/344 (benchmarks fixed with jax.block_until_ready).

import time

import jax
import jax.numpy as jnp


def bench(f, *args, n: int = 20) -> float:
    f(*args)  # compile
    t0 = time.time()
    for _ in range(n):
        f(*args)
    return (time.time() - t0) / n  # expect: AB301


@jax.jit
def foo(x):
    return jnp.sum(jnp.tanh(x @ x.T))


print(f"{bench(foo, jnp.ones((500, 500))) * 1e3:.3f} ms")
