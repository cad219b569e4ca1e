# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""The whole training set converted to a JAX array (a host-to-device copy) at every step."""

import jax
import jax.numpy as jnp
import numpy as np

X_train = np.load("features.npy").astype(np.float32)
y_train = np.load("labels.npy").astype(np.float32)


@jax.jit
def update(w, X, y, lr=0.1):
    grad = jax.grad(lambda w: jnp.mean((X @ w - y) ** 2))(w)
    return w - lr * grad


w = jnp.zeros(X_train.shape[1])
for step in range(1000):
    X = jnp.asarray(X_train)  # expect: AB202
    y = jnp.asarray(y_train)  # expect: AB202
    w = update(w, X, y)
