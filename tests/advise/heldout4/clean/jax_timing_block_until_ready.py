# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Times a jitted JAX function after warm-up, blocking on the result before stopping the clock."""

# Source: https://github.com/jax-ml/jax/pull/998 (PR "Add block_until_ready to quickstart colab for accurate timing")

import time

import jax
import jax.numpy as jnp


@jax.jit
def selu(x, alpha=1.67, lmbda=1.05):
    return lmbda * jnp.where(x > 0, x, alpha * jnp.exp(x) - alpha)


def time_selu(n=10_000_000, repeats=100):
    x = jax.random.normal(jax.random.PRNGKey(0), (n,))
    selu(x).block_until_ready()  # compile
    start = time.perf_counter()
    for _ in range(repeats):
        out = selu(x)
    out.block_until_ready()
    elapsed = time.perf_counter() - start
    print(f"{elapsed / repeats * 1e3:.3f} ms per call")
