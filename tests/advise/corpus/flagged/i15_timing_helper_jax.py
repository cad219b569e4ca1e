# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Timing a jitted step through a helper that reads the clock right after dispatch."""

import time

import jax
import jax.numpy as jnp


def timed(step, *args):
    t0 = time.time()
    out = step(*args)
    elapsed = time.time() - t0  # expect: AB301
    return out, elapsed


@jax.jit
def step(w, x):
    return jnp.tanh(x @ w) @ w.T


w = jnp.ones((512, 512))
x = jnp.ones((256, 512))
for _ in range(10):
    x, dt = timed(step, w, x)
    print(f"{dt * 1e3:.2f} ms")
