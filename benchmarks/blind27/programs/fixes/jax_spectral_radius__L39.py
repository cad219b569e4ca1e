# ruff: noqa
"""Estimates the spectral radius of a stream of random coupling matrices (a stability check for
a family of linear network models) by power iteration, with an iteration budget chosen from each
matrix's size and a rough conditioning estimate, and reports how many networks are stable."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")


@partial(jax.jit, static_argnames=("n_iter",))
def power_iteration(A, v, n_iter):
    def body(i, v):
        w = A @ v
        return w / jnp.linalg.norm(w)
    v = jax.lax.fori_loop(0, n_iter, body, v)
    return v @ (A @ v)


@jax.jit
def damp(A, factor):
    return A * factor


def iteration_budget(A):
    spread = float(np.abs(A).sum(axis=1).max() / np.abs(A).sum(axis=1).mean())
    return 20 + int(40 * (spread - 1.0) * 4)


rng = np.random.default_rng(13)
n = 64
radii = []
for k in range(32):
    A = rng.standard_normal((n, n)) / np.sqrt(n)
    A = A + A.T
    A = np.asarray(damp(A, jnp.float32(0.5 + 0.001 * k)))
    v0 = jnp.ones(n) / np.sqrt(n)
    radii.append(float(power_iteration(jnp.asarray(A), v0, iteration_budget(A))))
radii = np.array(radii)
print(f"stable networks: {(np.abs(radii) < 1.0).sum()} of {radii.size}")
print(f"result: {np.abs(radii).sum():.10e}")
