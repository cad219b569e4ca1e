"""Fits a small two-layer network to a noisy 1-D function with JAX: minibatch SGD with a
cosine learning-rate schedule stepped once per epoch, a jitted update step, and a held-out loss logged now and then."""
import math
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def init(key, hidden):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (1, hidden)) * 0.5, "b1": jnp.zeros(hidden),
            "w2": jax.random.normal(k2, (hidden, 1)) * 0.5, "b2": jnp.zeros(1)}


def predict(params, x):
    h = jnp.tanh(x @ params["w1"] + params["b1"])
    return h @ params["w2"] + params["b2"]


def loss_fn(params, x, y):
    return jnp.mean((predict(params, x) - y) ** 2)


@jax.jit
def sgd_step(params, x, y, lr):
    grads = jax.grad(loss_fn)(params, x, y)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def cosine_lr(step, total, base=0.05):
    return base * 0.5 * (1.0 + math.cos(math.pi * step / total))


def main():
    rng = np.random.default_rng(9)
    x = rng.uniform(-3, 3, size=(4096, 1)).astype(np.float32)
    y = (np.sin(2 * x) + 0.1 * rng.normal(size=x.shape)).astype(np.float32)
    xv, yv = jnp.asarray(x[-512:]), jnp.asarray(y[-512:])
    params = init(jax.random.PRNGKey(0), 32)
    n_epochs = 4
    logged = []
    for epoch in range(n_epochs):
        lr = cosine_lr(epoch, n_epochs)
        for i in range(0, 3584, 128):
            params = sgd_step(params, x[i:i + 128], y[i:i + 128], lr)
        if epoch % 2 == 0:
            logged.append(float(loss_fn(params, xv, yv)))
    checksum = sum(logged) + float(loss_fn(params, xv, yv))
    print("result:", round(checksum, 6))


if __name__ == "__main__":
    main()
