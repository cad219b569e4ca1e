# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""An AR(1) series in JAX: each value needs the previous one, written with .at[].set."""

import jax
import jax.numpy as jnp


def ar1(noise, phi=0.9):
    x = jnp.zeros_like(noise)
    for t in range(1, noise.shape[0]):
        x = x.at[t].set(phi * x[t - 1] + noise[t])
    return x


def ar1_scan(noise, phi=0.9):
    def step(prev, e):
        cur = phi * prev + e
        return cur, cur

    _, xs = jax.lax.scan(step, 0.0, noise)
    return xs
