# ruff: noqa
"""Calibration of a linear-reservoir aquifer model against pumping-test records from several
wells: gradient descent on log storage and log recession constant, with a convergence test on the
loss, and the fitted parameters per well field."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_enable_x64", False)


def simulate(params, pumping, dt=0.1):
    storage, recess = jnp.exp(params[0]), jnp.exp(params[1])

    def step(h, q):
        h = h + dt * (q / storage - recess * h)
        return h, h

    _, heads = jax.lax.scan(step, 0.0, pumping)
    return heads


class Calibrator:
    def __init__(self, records, lr=0.05):
        self.records = records
        self.lr = lr

    @partial(jax.jit, static_argnums=0)
    def loss_and_grad(self, params, pumping, observed):
        def loss(p):
            return jnp.mean((simulate(p, pumping) - observed) ** 2)
        return jax.value_and_grad(loss)(params)

    def epoch(self, params):
        total = 0.0
        for pumping, observed in self.records:
            value, grad = self.loss_and_grad(params, pumping, observed)
            params = params - self.lr * grad
            total = total + value
        return params, total / len(self.records)


rng = np.random.default_rng(8)
true = np.array([0.3, -1.2])
records = []
for well in range(8):
    n = 150 + 35 * well
    q = rng.uniform(0.0, 2.0, n).astype(np.float32)
    obs = np.asarray(simulate(jnp.asarray(true), jnp.asarray(q))) + rng.normal(0, 0.05, n).astype(np.float32)
    records.append((jnp.asarray(q), jnp.asarray(obs)))

cal = Calibrator(records)
params = jnp.array([0.0, 0.0])
prev, it = np.inf, 0
while it < 25:
    params, mse = cal.epoch(params)
    mse = float(mse)
    if abs(prev - mse) < 1e-7:
        break
    prev, it = mse, it + 1
print(f"fitted log-storage {float(params[0]):.4f}, log-recession {float(params[1]):.4f}, mse {mse:.5f}")
print(f"result: {float(params.sum()) + mse:.10e}")
