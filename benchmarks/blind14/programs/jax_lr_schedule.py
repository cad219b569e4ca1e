# ruff: noqa
"""Fits a two-layer network to a noisy 1-D regression problem in JAX with minibatch gradient
descent under a cosine learning-rate schedule, and prints the validation loss as training
goes."""

import math

import jax
import jax.numpy as jnp
import numpy as np


def init(key, hidden):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (1, hidden)) * 1.0,
        "b1": jnp.zeros(hidden),
        "w2": jax.random.normal(k2, (hidden, 1)) / math.sqrt(hidden),
        "b2": jnp.zeros(1),
    }


def predict(params, x):
    h = jnp.tanh(x @ params["w1"] + params["b1"])
    return h @ params["w2"] + params["b2"]


def loss(params, x, y):
    return jnp.mean((predict(params, x) - y) ** 2)


def sgd_step(params, x, y, lr):
    grads = jax.grad(loss)(params, x, y)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


rng = np.random.default_rng(9)
x = rng.uniform(-3, 3, (4096, 1)).astype(np.float32)
y = (np.sin(2 * x) + 0.3 * x**2 + 0.1 * rng.standard_normal(x.shape)).astype(np.float32)
xt, yt, xv, yv = (
    jnp.asarray(x[:3584]),
    jnp.asarray(y[:3584]),
    jnp.asarray(x[3584:]),
    jnp.asarray(y[3584:]),
)
params = init(jax.random.PRNGKey(0), 32)
n_epochs = 10
checksum = 0.0
for epoch in range(n_epochs):
    lr = 0.005 + 0.045 * 0.5 * (1 + math.cos(math.pi * epoch / n_epochs))
    step = jax.jit(lambda p, xb, yb: sgd_step(p, xb, yb, lr))
    for start in range(0, xt.shape[0], 256):
        params = step(params, xt[start : start + 256], yt[start : start + 256])
    val = float(jax.jit(loss)(params, xv, yv))
    checksum += val
    if epoch % 3 == 2:
        print(f"epoch {epoch}: lr {lr:.4f}, validation loss {val:.5f}")
print(f"result: {checksum:.8e}")
