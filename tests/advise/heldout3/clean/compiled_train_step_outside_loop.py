# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Linear regression in JAX whose train_step is wrapped with jax.jit once, before the training loop."""

# Source: https://theneuralbase.com/jax/learn/intermediate/jit-compiled-train-step/ (always JIT the
# train_step: compiled_train_step = jax.jit(train_step), then call it inside the loop).

import jax
import jax.numpy as jnp
from jax import grad

key = jax.random.PRNGKey(0)
X = jax.random.normal(key, (100, 10))
y = jax.random.normal(key, (100, 1))


def loss_fn(params, X, y):
    pred = jnp.dot(X, params)
    return jnp.mean((pred - y) ** 2)


params = jax.random.normal(key, (10, 1))
lr = 0.01


def train_step(params, X, y):
    g = grad(loss_fn)(params, X, y)
    return params - lr * g


compiled_train_step = jax.jit(train_step)
for step in range(500):
    params = compiled_train_step(params, X, y)
