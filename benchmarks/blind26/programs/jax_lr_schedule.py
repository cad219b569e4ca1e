# ruff: noqa
"""Fits a two-layer tanh network to a noisy 1-D regression target with full-batch gradient descent
in JAX, under a cosine learning-rate schedule with warm-up; prints the final training error."""
import math
from functools import partial

import jax
import jax.numpy as jnp


def init(key, width=32):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (1, width)), "b1": jnp.zeros(width),
            "w2": jax.random.normal(k2, (width, 1)) / math.sqrt(width), "b2": jnp.zeros(1)}


def predict(params, x):
    h = jnp.tanh(x @ params["w1"] + params["b1"])
    return h @ params["w2"] + params["b2"]


def loss(params, x, y):
    return jnp.mean((predict(params, x) - y) ** 2)


@partial(jax.jit, static_argnums=(3,))
def update(params, x, y, lr):
    g = jax.grad(loss)(params, x, y)
    return jax.tree_util.tree_map(lambda p, d: p - lr * d, params, g)


def schedule(step, total, base=0.05, warmup=4):
    if step < warmup:
        return base * (step + 1) / warmup
    return round(base * 0.5 * (1 + math.cos(math.pi * (step - warmup) / (total - warmup))), 2)


key = jax.random.PRNGKey(0)
x = jnp.linspace(-3.0, 3.0, 512)[:, None]
y = jnp.sin(2.0 * x) + 0.1 * jax.random.normal(key, x.shape)
params = init(jax.random.PRNGKey(1))
steps = 600
for step in range(steps):
    params = update(params, x, y, schedule(step, steps))
    if step % 200 == 0:
        print(f"step {step}: mse {float(loss(params, x, y)):.5f}")
final = float(loss(params, x, y))
print("result:", f"{final:.10e}")
