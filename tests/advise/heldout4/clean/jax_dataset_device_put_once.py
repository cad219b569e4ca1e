# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Puts the whole (small) training set on the accelerator once and samples minibatches from it inside a jitted step."""

# Source: https://theneuralbase.com/jax/learn/beginner/moving-data-between-devices/ (tutorial: jax.device_put(array, device) moves data explicitly; prepare inputs on the device before large computations)

import jax
import jax.numpy as jnp
import numpy as np
import optax


def train(params, apply_fn, X_np: np.ndarray, y_np: np.ndarray, steps=20_000, batch=512):
    X = jax.device_put(X_np.astype(np.float32))
    y = jax.device_put(y_np.astype(np.int32))
    tx = optax.adam(1e-3)
    opt_state = tx.init(params)

    @jax.jit
    def step(params, opt_state, key):
        idx = jax.random.randint(key, (batch,), 0, X.shape[0])

        def loss_fn(p):
            logits = apply_fn(p, X[idx])
            return optax.softmax_cross_entropy_with_integer_labels(logits, y[idx]).mean()

        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss

    key = jax.random.PRNGKey(0)
    for i in range(steps):
        key, sub = jax.random.split(key)
        params, opt_state, loss = step(params, opt_state, sub)
        if i % 1000 == 0:
            print(i, float(loss))
    return params
