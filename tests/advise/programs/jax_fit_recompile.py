# ruff: noqa
"""Fits a small two-layer network to a noisy 1-D regression target with full-batch gradient
descent in JAX, rebuilding the objective for each curriculum stage of the data."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def init_params(key, width):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (1, width)) * 0.5,
        "b1": jnp.zeros(width),
        "w2": jax.random.normal(k2, (width, 1)) * 0.5,
        "b2": jnp.zeros(1),
    }


def forward(params, x):
    h = jnp.tanh(x @ params["w1"] + params["b1"])
    return h @ params["w2"] + params["b2"]


def loss_fn(params, x, y, l2):
    err = forward(params, x) - y
    return jnp.mean(err**2) + l2 * sum(jnp.sum(p**2) for p in params.values())


predict = jax.jit(forward)


def train(params, x, y, steps, lr):
    for step in range(steps):
        grad_fn = jax.jit(jax.grad(partial(loss_fn, x=x, y=y, l2=1e-4)))
        grads = grad_fn(params)
        params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return params


rng = np.random.default_rng(0)
x_all = np.sort(rng.uniform(-3.0, 3.0, size=(512, 1)), axis=0).astype(np.float32)
y_all = (np.sin(2.0 * x_all) + 0.1 * rng.normal(size=x_all.shape)).astype(np.float32)
params = init_params(jax.random.PRNGKey(0), 32)
fits = []
for stage, frac in enumerate([0.25, 0.5, 0.75, 1.0]):
    m = int(frac * len(x_all))
    lo = (len(x_all) - m) // 2
    x, y = jnp.asarray(x_all[lo : lo + m]), jnp.asarray(y_all[lo : lo + m])
    params = train(params, x, y, 4, 0.05)
    fits.append(float(jnp.mean((predict(params, x) - y) ** 2)))
    print(f"stage {stage}: mse {fits[-1]:.5f}")
print(f"result: {sum(fits):.8e}")
