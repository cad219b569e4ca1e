# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Minibatch gradient descent in JAX that jits a fresh lambda closing over the current batch at every iteration."""

# Source: https://github.com/jax-ml/jax/pull/1394 (PR: a new lambda formed on every call gives a cache miss, so the computation is recompiled each time)

import jax
import jax.numpy as jnp
import numpy as np


def loss(params, X, y):
    w, b = params
    logits = X @ w + b
    return jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)


def fit(X: np.ndarray, y: np.ndarray, lr=0.1, steps=5_000, batch=1024):
    params = (jnp.zeros(X.shape[1]), jnp.zeros(()))
    rng = np.random.default_rng(0)
    for step in range(steps):
        idx = rng.integers(0, len(X), batch)
        Xb, yb = jnp.asarray(X[idx]), jnp.asarray(y[idx])
        grad_fn = jax.jit(jax.grad(lambda p: loss(p, Xb, yb)))  # expect: AB403
        g = grad_fn(params)
        params = jax.tree_util.tree_map(lambda p, gi: p - lr * gi, params, g)
    return params
