# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Logistic-regression training in JAX with the gradient step jitted once at module level and called in the loop."""

# Source: https://github.com/jax-ml/jax/pull/5879 (FAQ "Benchmarking JAX code": jit-compiled functions are compiled on the first call, reuse them rather than re-jitting)

import jax
import jax.numpy as jnp
import numpy as np


def loss(params, X, y):
    w, b = params
    logits = X @ w + b
    return jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)


@jax.jit
def sgd_step(params, X, y, lr):
    g = jax.grad(loss)(params)
    return jax.tree_util.tree_map(lambda p, gi: p - lr * gi, params, g)


def fit(X: np.ndarray, y: np.ndarray, lr=0.1, steps=5_000, batch=1024):
    X, y = jax.device_put(X.astype(np.float32)), jax.device_put(y.astype(np.float32))
    params = (jnp.zeros(X.shape[1]), jnp.zeros(()))
    key = jax.random.PRNGKey(0)
    for step in range(steps):
        key, sub = jax.random.split(key)
        idx = jax.random.randint(sub, (batch,), 0, X.shape[0])
        params = sgd_step(params, X[idx], y[idx], lr)
    return params
