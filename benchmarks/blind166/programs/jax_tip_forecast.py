# ruff: noqa
"""Tip forecasts for the co-op's couriers: each courier's daily tip history (of whatever length
they have been riding with us) is smoothed with a Holt level-and-trend filter whose two smoothing
constants are tuned by a few gradient steps, and the next week's tips are forecast; prints the
co-op's total forecast tips for next week."""
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

HORIZON = 7
TUNE_STEPS = 40


@dataclass
class Courier:
    name: str
    tips: np.ndarray


def holt_filter(params, y):
    alpha, beta = jax.nn.sigmoid(params[0]), jax.nn.sigmoid(params[1])

    def step(carry, obs):
        level, trend = carry
        pred = level + trend
        new_level = alpha * obs + (1.0 - alpha) * pred
        new_trend = beta * (new_level - level) + (1.0 - beta) * trend
        return (new_level, new_trend), (obs - pred) ** 2

    (level, trend), sq_err = jax.lax.scan(step, (y[0], jnp.zeros(())), y[1:])
    return level, trend, jnp.mean(sq_err)


def loss(params, y):
    return holt_filter(params, y)[2]


@partial(jax.jit, static_argnames=("steps",))
def tune_and_forecast(y, steps=TUNE_STEPS):
    grad = jax.grad(loss)
    params = jax.lax.fori_loop(
        0, steps, lambda _, p: p - 0.05 * grad(p, y), jnp.array([0.0, -2.0])
    )
    level, trend, _ = holt_filter(params, y)
    return level + trend * jnp.arange(1, HORIZON + 1)


def load_couriers(n, rng):
    lengths = rng.choice(np.arange(120, 720), size=n, replace=False)
    out = []
    for i, days in enumerate(lengths):
        base = rng.uniform(8.0, 30.0)
        weekly = 4.0 * np.sin(2 * np.pi * np.arange(days) / 7.0)
        tips = base + 0.01 * np.arange(days) + weekly + rng.normal(0.0, 3.0, days)
        out.append(Courier(name=f"courier{i:02d}", tips=tips.astype(np.float32)))
    return out


def main():
    rng = np.random.default_rng(21)
    couriers = load_couriers(8, rng)
    week = {}
    for c in couriers:
        history = c.tips.copy()
        week[c.name] = tune_and_forecast(jnp.asarray(history))
    totals = np.array([np.asarray(f).sum() for f in week.values()])
    print(f"busiest: {max(week, key=lambda k: float(week[k].sum()))}")
    print(f"result: {float(totals.sum()):.10e}")


if __name__ == "__main__":
    main()
