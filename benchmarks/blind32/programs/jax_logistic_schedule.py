# ruff: noqa
"""Fits an L2-regularised logistic regression with JAX by mini-batch gradient descent under a
step-decay learning-rate schedule, with early stopping on a validation loss, and reports the
validation accuracy."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def loss_fn(params, x, y, l2):
    w, b = params
    logits = x @ w + b
    nll = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    return nll + l2 * jnp.sum(w * w)


@partial(jax.jit, static_argnames=("lr",))
def sgd_step(params, x, y, lr):
    grads = jax.grad(loss_fn)(params, x, y, 1e-3)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


eval_loss = jax.jit(loss_fn)


def schedule(epoch, base=0.5, drop=0.93):
    return base * drop**epoch


def make_data(n, d, rng):
    w_true = rng.normal(size=d)
    x = rng.normal(size=(n, d)).astype(np.float32)
    p = 1 / (1 + np.exp(-(x @ w_true) / np.sqrt(d) * 3))
    y = (rng.uniform(size=n) < p).astype(np.float32)
    return x, y


rng = np.random.default_rng(8)
x, y = make_data(24000, 40, rng)
xtr, ytr, xva, yva = jnp.asarray(x[:20000]), jnp.asarray(y[:20000]), jnp.asarray(x[20000:]), jnp.asarray(y[20000:])
params = (jnp.zeros(40), jnp.zeros(()))
best, patience, losses = np.inf, 0, []
epoch = 0
while epoch < 14 and patience < 8:
    lr = schedule(epoch)
    for start in range(0, 20000, 1000):
        params = sgd_step(params, xtr[start:start + 1000], ytr[start:start + 1000], lr)
    val = float(eval_loss(params, xva, yva, 1e-3))
    losses.append(val)
    if val < best - 1e-5:
        best, patience = val, 0
    else:
        patience += 1
    epoch += 1
w, b = params
acc = float(jnp.mean(((xva @ w + b) > 0) == (yva > 0.5)))
print(f"{epoch} epochs, best val loss {best:.4f}, accuracy {acc:.3f}")
print(f"result: {best + acc + float(jnp.sum(jnp.abs(w))):.10e}")
