# ruff: noqa
"""Fits a per-session click model with JAX: user sessions of different lengths are streamed
from a generator, and for each one a jitted gradient of the logistic loss (weighted by recency
and summed over the session's events) updates a shared weight vector; a jitted Adam-style step applies it.
Prints the final training loss and a checksum."""

import jax
import jax.numpy as jnp
import numpy as np


def session_stream(rng, n_sessions, n_features):
    """Yield (features, clicks, recency weights) per session; sessions have 24 to 55 events."""
    true_w = rng.normal(0, 1, n_features)
    for _ in range(n_sessions):
        n = int(rng.integers(24, 56))
        x = rng.normal(0, 1, (n, n_features)).astype(np.float32)
        p = 1 / (1 + np.exp(-x @ true_w))
        recency = (0.98 ** np.arange(n)[::-1]).astype(np.float32)
        yield x, (rng.random(n) < p).astype(np.float32), recency


@jax.jit
def loss_and_grad(w, x, y, weight):
    def loss(w):
        logits = x @ w
        return jnp.sum(weight * (jnp.logaddexp(0.0, logits) - y * logits))

    return jax.value_and_grad(loss)(w)


def adam_step(w, m, v, g, lr=0.05, b1=0.9, b2=0.999):
    m = b1 * m + (1 - b1) * g
    v = b2 * v + (1 - b2) * g * g
    return w - lr * m / (jnp.sqrt(v) + 1e-8), m, v


step = jax.jit(adam_step)

rng = np.random.default_rng(12)
n_features = 16
w = jnp.zeros(n_features)
m, v = jnp.zeros(n_features), jnp.zeros(n_features)
total_loss, total_events = 0.0, 0
for x, y, recency in session_stream(rng, 1500, n_features):
    loss, g = loss_and_grad(w, x, y, recency)
    w, m, v = step(w, m, v, g / len(x))
    total_loss += float(loss)
    total_events += len(x)
print(f"mean loss {total_loss / total_events:.5f}")
print(f"result: {total_loss / total_events + float(jnp.abs(w).sum()):.8e}")
