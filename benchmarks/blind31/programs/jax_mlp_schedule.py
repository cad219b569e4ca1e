# ruff: noqa
"""A two-layer MLP regressor in JAX fitted to a noisy synthetic function with plain SGD under a
step-decay learning-rate schedule; the update step is jitted, the schedule is a small
helper, and the validation loss is logged every few steps."""
import math
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def init_params(key, d_in, hidden):
    k1, k2 = jax.random.split(key)
    return {
        "W1": jax.random.normal(k1, (d_in, hidden)) / math.sqrt(d_in),
        "b1": jnp.zeros(hidden),
        "W2": jax.random.normal(k2, (hidden, 1)) / math.sqrt(hidden),
        "b2": jnp.zeros(1),
    }


def predict(params, x):
    h = jnp.tanh(x @ params["W1"] + params["b1"])
    return (h @ params["W2"] + params["b2"])[:, 0]


def mse(params, x, y):
    return jnp.mean((predict(params, x) - y) ** 2)


@partial(jax.jit, static_argnames=("lr",))
def sgd_step(params, x, y, lr):
    loss, grads = jax.value_and_grad(mse)(params, x, y)
    params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return params, loss


eval_loss = jax.jit(mse)


def schedule(step, base=0.08, every=25):
    return base * 0.6 ** (step // every)


rng = np.random.default_rng(2)
X = rng.uniform(-2, 2, size=(4096, 8)).astype(np.float32)
y = (np.sin(X[:, 0] * 1.5) + X[:, 1] * X[:, 2] + 0.1 * rng.normal(size=4096)).astype(np.float32)
X_val, y_val = jnp.asarray(X[-512:]), jnp.asarray(y[-512:])
X_tr, y_tr = jnp.asarray(X[:-512]), jnp.asarray(y[:-512])
params = init_params(jax.random.PRNGKey(0), 8, 64)

total_steps = 200
log = []
for step in range(total_steps):
    lr = schedule(step)
    params, loss = sgd_step(params, X_tr, y_tr, lr=lr)
    if step % 40 == 0:
        log.append(float(eval_loss(params, X_val, y_val)))
print("validation loss:", ["%.4f" % v for v in log])
print("result:", "%.10e" % (sum(log) + float(loss)))
