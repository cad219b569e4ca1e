# ruff: noqa
"""Pebble survey of a curling sheet: after each flood and pebble pass the ice crew's laser
gauge records a height profile along the centre line, whose length depends on how many of its
128-sample blocks the gauge got through on that pass; every profile is detrended and scored for roughness and crown, and
the passes are ranked to choose the scrape settings for the next game."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np


@dataclass(frozen=True)
class GaugeConfig:
    spacing_mm: float = 5.0
    crown_weight: float = 0.3


@jax.jit
def profile_stats(h):
    n = h.shape[0]
    t = jnp.linspace(-1.0, 1.0, n)
    slope = jnp.sum(t * (h - h.mean())) / jnp.sum(t * t)
    flat = h - h.mean() - slope * t
    rough = jnp.mean(jnp.abs(jnp.diff(flat)))
    crown = jnp.sum(flat * (t * t - jnp.mean(t * t))) / jnp.sum((t * t - jnp.mean(t * t)) ** 2)
    return jnp.stack([rough, crown, jnp.std(flat)])


class Survey:
    def __init__(self, cfg, rng):
        self.cfg = cfg
        self.rng = rng
        self.scores = []

    def read_pass(self):
        n = 128 * int(self.rng.integers(6, 11))
        x = np.arange(n) * self.cfg.spacing_mm
        bumps = 0.02 * np.sin(x / 37.0) + 0.01 * self.rng.standard_normal(n)
        return (0.15 * (x / x[-1] - 0.5) ** 2 + bumps).astype(np.float32)

    def score(self, heights):
        stats = profile_stats(jnp.asarray(heights))
        rough, crown, spread = stats[0], stats[1], stats[2]
        return rough + self.cfg.crown_weight * jnp.abs(crown) + 0.1 * spread

    def run(self, n_passes):
        done = 0
        while done < n_passes:
            self.scores.append(self.score(self.read_pass()))
            done += 1
        return jnp.stack(self.scores)


rng = np.random.default_rng(99)
cfg = GaugeConfig()
runs = []
for sheet in range(4):
    survey = Survey(cfg, rng)
    runs.append(survey.run(30))
stacked = jnp.stack(runs)
best = stacked.min(axis=1).tolist()
for sheet, (b, p) in enumerate(zip(best, jnp.argmin(stacked, axis=1).tolist())):
    print(f"sheet {sheet + 1}: best pass {p}, score {b:.5f}")
print(f"result: {sum(best) * 1000:.10e}")
