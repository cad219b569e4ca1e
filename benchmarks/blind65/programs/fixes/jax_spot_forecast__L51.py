# ruff: noqa
"""Walk-forward forecast of next-day average spot power prices: each trading day an
autoregressive model with calendar terms is refitted by gradient descent on all prices seen so
far, and its forecast is scored against the realised price; prints the walk-forward MAE and
the final coefficients."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

ORDER = 7


def design(prices):
    n = prices.shape[0]
    lags = jnp.stack([prices[ORDER - k - 1:n - k - 1] for k in range(ORDER)], axis=1)
    day = jnp.arange(ORDER, n)
    cal = jnp.stack([jnp.sin(2 * jnp.pi * day / 7.0), jnp.cos(2 * jnp.pi * day / 7.0)], axis=1)
    return jnp.concatenate([lags, cal, jnp.ones((n - ORDER, 1))], axis=1), prices[ORDER:]


@partial(jax.jit, static_argnames=("steps",))
def fit_ar(prices, coef, lr, steps=300):
    x, y = design(prices)

    def loss(c):
        return jnp.mean((x @ c - y) ** 2)

    grad = jax.grad(loss)
    return jax.lax.fori_loop(0, steps, lambda i, c: c - lr * grad(c), coef)


class WalkForward:
    def __init__(self, prices):
        self.prices = prices
        self.coef = jnp.zeros(ORDER + 3)

    def forecast(self, day):
        hist = self.prices[:day]
        self.coef = fit_ar(hist, self.coef, 0.05)
        lags = hist[::-1][:ORDER]
        cal = jnp.array([jnp.sin(2 * jnp.pi * day / 7.0), jnp.cos(2 * jnp.pi * day / 7.0), 1.0])
        return jnp.concatenate([lags, cal]) @ self.coef


rng = np.random.default_rng(12)
n_days = 127
level = np.zeros(n_days)
shocks = rng.normal(0, 0.3, size=n_days - 1).tolist()
for d in range(1, n_days):
    level[d] = 0.8 * level[d - 1] + shocks[d - 1]
weekly = 0.4 * np.sin(2 * np.pi * np.arange(n_days) / 7.0)
prices = jnp.asarray((level + weekly + 1.0).astype(np.float32))
wf = WalkForward(prices)
errors = []
for day in range(120, n_days):
    pred = wf.forecast(day)
    errors.append(abs(float(pred) - float(prices[day])))
mae = sum(errors) / len(errors)
print(f"walk-forward MAE over {len(errors)} days: {mae:.4f}")
print("coefficients:", np.round(np.asarray(wf.coef), 3))
print(f"result: {mae + float(jnp.abs(wf.coef).sum()):.10e}")
