# ruff: noqa
"""Yield forecasting for a mushroom farm: each bed's harvest weights over its flushes are fitted
with a logistic growth curve by a few steps of gradient descent, and the fitted ceilings are
summed per grow room to forecast the next cycle's yield."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np


@dataclass
class Bed:
    room: str
    days: np.ndarray
    weights: np.ndarray


@jax.jit
def fit_logistic(days, weights):
    params = jnp.array([weights.max() * 1.1, 0.3, days.mean()])

    def loss(p):
        pred = p[0] / (1.0 + jnp.exp(-p[1] * (days - p[2])))
        return jnp.mean((pred - weights) ** 2)

    grad = jax.grad(loss)
    scale = jnp.array([1.0, 1e-3, 1.0])
    params = jax.lax.fori_loop(0, 12, lambda i, p: p - 1e-3 * grad(p) * scale, params)
    return params, loss(params)


def beds_for_room(rng, room, n_beds):
    for _ in range(n_beds):
        n = int(rng.integers(24, 32))
        days = np.sort(rng.uniform(0.0, 40.0, n)).astype(np.float32)
        ceiling = rng.uniform(8.0, 14.0)
        weights = ceiling / (1.0 + np.exp(-0.35 * (days - 18.0))) + rng.normal(0.0, 0.3, n)
        yield Bed(room, days, weights.astype(np.float32))


def fitted(beds):
    for bed in beds:
        params, err = fit_logistic(jnp.asarray(bed.days), jnp.asarray(bed.weights))
        yield bed.room, params, err


rng = np.random.default_rng(8)
rooms = {"room-1": 20, "room-2": 18, "room-3": 16, "room-4": 14}
forecast = {}
checksum = 0.0
for room, n_beds in rooms.items():
    total = jnp.zeros(())
    errors = jnp.zeros(())
    for _, params, err in fitted(beds_for_room(rng, room, n_beds)):
        total = total + params[0]
        errors = errors + err
    forecast[room] = float(total)
    checksum += forecast[room] + float(errors) * 1e-3
    print(f"{room}: forecast {forecast[room]:.2f} kg over {n_beds} beds")
print(f"result: {checksum:.10e}")
