# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Compares first-call and second-call times of a JAX cosine over a large array, fetching the result with jax.device_get."""

# Source: https://github.com/QuantEcon/lecture-jax/issues/217 (issue "block until ready": start = time.time(); result = jnp.cos(X); jax.device_get(result) before reading the clock)

import time

import jax
import jax.numpy as jnp


def cos_timings(n=50_000_000):
    X = jnp.linspace(0, 10, n)
    start = time.time()
    result = jnp.cos(X)
    jax.device_get(result)  # force execution to complete
    first_time = time.time() - start

    start = time.time()
    result = jnp.cos(X)
    jax.device_get(result)
    second_time = time.time() - start
    print(f"first call {first_time:.3f}s, second call {second_time:.3f}s")
    return first_time, second_time
