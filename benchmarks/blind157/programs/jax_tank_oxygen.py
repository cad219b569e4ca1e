# ruff: noqa
"""Dissolved-oxygen review for a fish hatchery's raceways: each raceway's probe log (one
reading every ten minutes, logs of different lengths because probes are swapped out for
cleaning) is run through a Holt level-and-trend filter; the filter's last level, its trend and
its one-step error tell the manager which raceways need more aeration. Prints the raceways
flagged and a checksum."""
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platforms", "cpu")


@dataclass(frozen=True)
class FilterSettings:
    alpha: float = 0.3
    beta: float = 0.05
    low_oxygen_mg_l: float = 6.5


def holt_filter(readings, alpha, beta):
    def step(carry, y):
        level, trend, sse = carry
        forecast = level + trend
        err = y - forecast
        new_level = forecast + alpha * err
        new_trend = trend + beta * (new_level - level - trend)
        return (new_level, new_trend, sse + err * err), forecast

    init = (readings[0], jnp.zeros((), readings.dtype), jnp.zeros((), readings.dtype))
    (level, trend, sse), forecasts = jax.lax.scan(step, init, readings[1:])
    return level, trend, sse, jnp.mean(jnp.abs(forecasts - readings[1:]))


class RacewayReview:
    def __init__(self, settings):
        self.settings = settings
        self.summarise = jax.jit(partial(holt_filter, alpha=settings.alpha, beta=settings.beta))

    def review(self, logs):
        flags = []
        stats = []
        for name, readings in logs.items():
            level, trend, sse, mae = self.summarise(jnp.asarray(readings))
            stats.append(jnp.stack([level, trend, sse / len(readings), mae]))
            if float(level) < self.settings.low_oxygen_mg_l:
                flags.append(name)
        return flags, jnp.stack(stats)


def probe_logs(n_raceways, rng):
    logs = {}
    for r in range(n_raceways):
        n = int(rng.integers(900, 1400))
        t = np.arange(n) / 144.0
        daily = 0.8 * np.sin(2 * np.pi * t)
        drift = np.cumsum(rng.normal(0.0, 0.02, size=n))
        logs[f"raceway-{r:02d}"] = (7.5 + daily + drift + rng.normal(0.0, 0.1, size=n)).astype(np.float32)
    return logs


rng = np.random.default_rng(88)
logs = probe_logs(10, rng)
review = RacewayReview(FilterSettings())
flags, stats = review.review(logs)
print(f"flagged: {', '.join(flags) if flags else 'none'}")
print(f"result: {float(jnp.sum(jnp.abs(stats))):.6e}")
