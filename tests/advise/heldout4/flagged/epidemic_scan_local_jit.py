# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Calibrates the transmission rate of an infection model by bisection, each probe running a lax.scan that is jitted inside the wrapper."""

# Source: https://github.com/jax-ml/jax/issues/2251 (lax.scan ~100x slower than recursion: a jit defined inside the calling function gives 272 ms per call versus 141 us when defined once)

import functools

import jax.numpy as jnp
from jax import jit, lax, random


def infect(state, step):
    x, a = state
    new = x + step * a @ x * (1.0 - x)
    return (jnp.clip(new, 0.0, 1.0), a), new.mean()


def pandemic_scan(x0, a, step=1.0, T=365):
    @functools.partial(jit, static_argnums=(3,))  # expect: AB403
    def _pandemic_scan(x0, a, step, T):
        return lax.scan(infect, (x0, a), jnp.full(T, step))

    return _pandemic_scan(x0, a, step, T)


def calibrate(target_peak=0.3, n_nodes=500, lo=0.01, hi=5.0, iters=60):
    key = random.PRNGKey(0)
    a = random.uniform(key, (n_nodes, n_nodes)) / n_nodes
    x0 = random.uniform(random.fold_in(key, 1), (n_nodes,)) * 0.01
    for _ in range(iters):
        mid = 0.5 * (lo + hi)
        _, curve = pandemic_scan(x0, a, step=mid)
        if float(curve.max()) > target_peak:
            hi = mid
        else:
            lo = mid
    return 0.5 * (lo + hi)
