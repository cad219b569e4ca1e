# ruff: noqa
"""Fitting the rate constants of a consecutive reaction A -> B -> C to a batch of kinetic runs
(UV-vis absorbance sampled at run-specific times): closed-form concentrations, a least-squares
loss in log-rate space, and a few epochs of gradient descent over the runs."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def concentrations(log_k, t, a0):
    k1, k2 = jnp.exp(log_k[0]), jnp.exp(log_k[1])
    a = a0 * jnp.exp(-k1 * t)
    b = a0 * k1 / (k2 - k1) * (jnp.exp(-k1 * t) - jnp.exp(-k2 * t))
    return a, b, a0 - a - b


def absorbance(log_k, t, a0, eps=(1.0, 2.3, 0.4)):
    a, b, c = concentrations(log_k, t, a0)
    return eps[0] * a + eps[1] * b + eps[2] * c


@partial(jax.jit, static_argnames=("eps",))
def loss_and_grad(log_k, t, y, a0, eps=(1.0, 2.3, 0.4)):
    def loss(lk):
        return jnp.mean((absorbance(lk, t, a0, eps) - y) ** 2)

    return jax.value_and_grad(loss)(log_k)


class Run:
    def __init__(self, rng, true_k, n_points):
        self.t = np.sort(rng.uniform(0.0, 30.0, n_points)).astype(np.float32)
        self.a0 = np.float32(rng.uniform(0.5, 1.5))
        k1, k2 = true_k
        a = self.a0 * np.exp(-k1 * self.t)
        b = self.a0 * k1 / (k2 - k1) * (np.exp(-k1 * self.t) - np.exp(-k2 * self.t))
        clean = a + 2.3 * b + 0.4 * (self.a0 - a - b)
        self.y = (clean + rng.normal(0.0, 0.01, n_points)).astype(np.float32)


def fit(runs, log_k, epochs, lr):
    history = []
    for epoch in range(epochs):
        total = 0.0
        for run in runs:
            value, grad = loss_and_grad(log_k, run.t, run.y, run.a0)
            log_k = log_k - lr * grad
            total = total + value
        history.append(total)
        if epoch % 10 == 0:
            print(f"epoch {epoch}: loss {float(total):.6f}")
    return log_k, history


rng = np.random.default_rng(8)
true_k = np.array([0.35, 0.08], dtype=np.float32)
runs = [Run(rng, true_k, int(n)) for n in rng.integers(40, 400, size=9)]
log_k, history = fit(runs, jnp.log(jnp.array([0.2, 0.05])), epochs=30, lr=0.5)
print(f"fitted k1={float(jnp.exp(log_k[0])):.4f}, k2={float(jnp.exp(log_k[1])):.4f}")
print(f"final epoch loss {float(history[-1]):.6f}")
print(f"result: {float(jnp.exp(log_k).sum()) + float(history[-1]):.10e}")
