# ruff: noqa
"""Grow-bed uptake fitting for a hydroponic farm: every bed logs a different number of nutrient
readings over the crop cycle; a saturating uptake curve is fitted to each bed's log by gradient
descent in JAX, and the beds are ranked by their fitted uptake rate and nutrient efficiency."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platforms", "cpu")


@dataclass
class BedLog:
    bed: str
    hours: np.ndarray
    uptake: np.ndarray


def uptake_curve(params, t):
    vmax, k, lag = params[0], params[1], params[2]
    return vmax * (1.0 - jnp.exp(-k * jnp.maximum(t - lag, 0.0)))


def loss(params, t, y):
    return jnp.mean((uptake_curve(params, t) - y) ** 2)


@jax.jit
def sgd_step(params, t, y):
    g = jax.grad(loss)(params, t, y)
    return params - 0.05 * g


class BedFitter:
    def __init__(self, n_steps):
        self.n_steps = n_steps

    def fit(self, log):
        params = jnp.array([1.0, 0.05, 1.0], dtype=jnp.float32)
        t = jnp.asarray(log.hours / 100.0, dtype=jnp.float32)
        y = jnp.asarray(log.uptake, dtype=jnp.float32)
        for _ in range(self.n_steps):
            params = sgd_step(params, t, y)
        return params


def make_logs(rng, n_beds):
    logs = []
    for b in range(n_beds):
        n = int(rng.integers(200, 2000))
        hours = np.sort(rng.uniform(0.0, 600.0, n))
        vmax, k, lag = rng.uniform(1.5, 3.0), rng.uniform(0.3, 1.2), rng.uniform(0.2, 1.0)
        y = vmax * (1.0 - np.exp(-k * np.maximum(hours / 100.0 - lag, 0.0)))
        logs.append(BedLog(f"bed-{b:02d}", hours, y + rng.normal(0.0, 0.05, n)))
    return logs


rng = np.random.default_rng(8)
logs = make_logs(rng, 10)
fitter = BedFitter(n_steps=60)
fitted = jnp.stack([fitter.fit(log) for log in logs])
nutrient_scale = jnp.array([0.6, 0.3, 0.1])
efficiency = 0.0
for c in range(3):
    efficiency = efficiency + nutrient_scale[c] * fitted[:, c].mean()
ranking = np.argsort(-np.asarray(fitted[:, 0] * fitted[:, 1]))
for i in ranking[:5]:
    print(f"{logs[i].bed}: vmax {float(fitted[i, 0]):.3f}, rate {float(fitted[i, 1]):.3f}")
print(f"result: {float(jnp.abs(fitted).sum()) + float(efficiency):.10e}")
