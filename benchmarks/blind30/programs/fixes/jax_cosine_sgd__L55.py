# ruff: noqa
"""Fits a small two-layer MLP regressor in JAX to a noisy 1-D target with minibatch SGD and a
cosine learning-rate schedule, and reports the held-out mean squared error per epoch."""
import functools
import math

import jax
import jax.numpy as jnp
import numpy as np


def init_params(key, hidden=64):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (1, hidden)) * 1.0, "b1": jnp.zeros(hidden),
            "w2": jax.random.normal(k2, (hidden, 1)) / math.sqrt(hidden), "b2": jnp.zeros(1)}


def predict(params, x):
    h = jnp.tanh(x @ params["w1"] + params["b1"])
    return h @ params["w2"] + params["b2"]


def loss_fn(params, x, y):
    return jnp.mean((predict(params, x) - y) ** 2)


@functools.partial(jax.jit, static_argnames="lr")
def sgd_step(params, x, y, lr):
    grads = jax.grad(loss_fn)(params, x, y)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


mse = jax.jit(loss_fn)


def cosine_lr(step, total, base=0.02, floor=0.001):
    return floor + 0.5 * (base - floor) * (1 + math.cos(math.pi * step / total))


rng = np.random.default_rng(8)
x = rng.uniform(-3, 3, size=(4096, 1)).astype(np.float32)
y = (np.sin(2 * x) + 0.3 * x + 0.1 * rng.standard_normal(x.shape)).astype(np.float32)
x_val = np.linspace(-3, 3, 512, dtype=np.float32)[:, None]
y_val = (np.sin(2 * x_val) + 0.3 * x_val).astype(np.float32)
params = init_params(jax.random.PRNGKey(0))
epochs, batch = 10, 128
steps_per_epoch = len(x) // batch
history = []
for epoch in range(epochs):
    lr = cosine_lr(epoch, epochs)
    perm = rng.permutation(len(x))
    for i in range(steps_per_epoch):
        idx = perm[i * batch:(i + 1) * batch]
        params = sgd_step(params, x[idx], y[idx], lr=lr)
    history.append(mse(params, x_val, y_val))
history = [float(h) for h in jax.device_get(history)]
for epoch, h in enumerate(history):
    print(f"epoch {epoch}: val mse {h:.5f}")
print(f"result: {sum(history):.6e}")
