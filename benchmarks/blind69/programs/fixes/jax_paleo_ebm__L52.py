# ruff: noqa
"""Calibration of a zero-dimensional energy-balance climate model against reconstructed
temperature segments: each proxy segment (its own length) gets its climate sensitivity and heat
capacity fitted by gradient descent on the squared misfit, and the fitted parameters are pooled."""
import jax
import jax.numpy as jnp
import numpy as np


def simulate(params, forcing):
    lam, log_c = params
    c = jnp.exp(log_c)

    def step(t, f):
        t = t + (f - lam * t) / c
        return t, t

    _, temps = jax.lax.scan(step, 0.0, forcing)
    return temps


def misfit(params, forcing, observed, mask):
    return jnp.sum(mask * (simulate(params, forcing) - observed) ** 2) / jnp.sum(mask)


@jax.jit
def update(params, forcing, observed, mask, lr):
    loss, g = jax.value_and_grad(misfit)(params, forcing, observed, mask)
    return params - lr * g, loss


def segments(rng, n):
    for _ in range(n):
        length = int(rng.integers(120, 900))
        forcing = 2.0 * np.sin(np.arange(length) / 40.0) + rng.normal(0.0, 0.3, length)
        lam, c = rng.uniform(0.8, 1.6), rng.uniform(6.0, 12.0)
        temps, t = [], 0.0
        for f in forcing:
            t = t + (f - lam * t) / c
            temps.append(t)
        observed = np.array(temps) + rng.normal(0.0, 0.05, length)
        yield forcing.astype(np.float32), observed.astype(np.float32)


rng = np.random.default_rng(21)
fitted = []
losses = []
for forcing, observed in segments(rng, 20):
    params = jnp.array([1.0, 2.0], dtype=jnp.float32)
    pad = 900 - len(forcing)
    f_j, o_j = jnp.asarray(np.pad(forcing, (0, pad))), jnp.asarray(np.pad(observed, (0, pad)))
    m_j = jnp.asarray(np.pad(np.ones(len(forcing), np.float32), (0, pad)))
    for it in range(60):
        params, loss = update(params, f_j, o_j, m_j, 0.05)
    losses.append(float(loss))
    fitted.append(params)
fitted = jnp.stack(fitted)
print("mean sensitivity", float(fitted[:, 0].mean()), "mean log heat capacity", float(fitted[:, 1].mean()))
print(f"result: {float(fitted.sum()) + sum(losses):.10e}")
