# ruff: noqa
"""Station temperature forecasting with a small nonlinear autoregressive model in JAX: the
model is fitted by gradient descent on one-step-ahead errors over many weather stations, then
verified by rolling it forward from every start time and scoring the forecast at each lead time
(1 to 24 hours)."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

LAGS = 6


def make_series(rng, n_stations=32, n_hours=1000):
    t = np.arange(n_hours)
    phase = rng.uniform(0, 2 * np.pi, size=(n_stations, 1))
    base = rng.normal(12.0, 5.0, size=(n_stations, 1))
    diurnal = 6.0 * np.sin(2 * np.pi * t / 24.0 + phase)
    synoptic = np.cumsum(rng.normal(0.0, 0.3, size=(n_stations, n_hours)), axis=1)
    return (base + diurnal + synoptic).astype(np.float32)


def init_params(key, hidden=32):
    k1, k2 = jax.random.split(key)
    return {
        "w1": 0.1 * jax.random.normal(k1, (LAGS + 2, hidden)),
        "b1": jnp.zeros(hidden),
        "w2": 0.1 * jax.random.normal(k2, (hidden,)),
    }


def features(window, hour):
    angle = 2 * jnp.pi * hour / 24.0
    return jnp.concatenate([window, jnp.sin(angle)[..., None], jnp.cos(angle)[..., None]], axis=-1)


def predict(params, window, hour):
    h = jnp.tanh(features(window, hour) @ params["w1"] + params["b1"])
    return window[..., -1] + h @ params["w2"]


@jax.jit
def train_step(params, windows, hours, targets, lr):
    def loss(p):
        return jnp.mean((predict(p, windows, hours) - targets) ** 2)

    value, grads = jax.value_and_grad(loss)(params)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads), value


@partial(jax.jit, static_argnames=("lead",))
def rollout(params, window, hour, lead):
    def body(i, carry):
        win, hr = carry
        nxt = predict(params, win, hr)
        return jnp.concatenate([win[..., 1:], nxt[..., None]], axis=-1), hr + 1.0

    win, _ = jax.lax.fori_loop(0, lead, body, (window, hour))
    return win[..., -1]


class Verifier:
    def __init__(self, series, starts):
        self.series = series
        self.starts = starts

    def score(self, params, lead):
        idx = self.starts[:, None] + jnp.arange(-LAGS, 0)
        window = self.series[:, idx] - 12.0
        hour = jnp.broadcast_to(self.starts.astype(jnp.float32), window.shape[:-1])
        forecast = rollout(params, window, hour, lead)
        truth = self.series[:, self.starts + lead - 1] - 12.0
        return jnp.sqrt(jnp.mean((forecast - truth) ** 2))


rng = np.random.default_rng(2)
raw = make_series(rng)
n_train = 800
idx = np.arange(LAGS, n_train)
windows = jnp.asarray(raw[:, idx[:, None] + np.arange(-LAGS, 0)] - 12.0)
targets = jnp.asarray(raw[:, idx] - 12.0)
hours = jnp.asarray(np.broadcast_to(idx.astype(np.float32), targets.shape))
series = jnp.asarray(raw)
params = init_params(jax.random.PRNGKey(0))
losses = []
for step in range(120):
    params, value = train_step(params, windows, hours, targets, 0.05)
    if step % 60 == 0:
        losses.append(value)
verifier = Verifier(series, jnp.arange(n_train, 970, 3))
skill = {lead: float(verifier.score(params, lead)) for lead in (1, 2, 3, 6, 9, 12, 18, 24)}
print("rmse by lead:", " ".join(f"{skill[k]:.2f}" for k in (1, 6, 12, 24)))
print(f"result: {sum(skill.values()) + sum(map(float, losses)):.10e}")
