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


MAX_LEN = 1280


@jax.jit
def profile_stats(h, n):
    idx = jnp.arange(h.shape[0])
    m = (idx < n).astype(h.dtype)
    nf = n.astype(h.dtype)
    t = (-1.0 + 2.0 * idx / (nf - 1.0)) * m
    h_mean = jnp.sum(h * m) / nf
    slope = jnp.sum(t * (h - h_mean) * m) / jnp.sum(t * t * m)
    flat = (h - h_mean - slope * t) * m
    dm = m[1:] * m[:-1]
    rough = jnp.sum(jnp.abs(jnp.diff(flat)) * dm) / (nf - 1.0)
    tt_mean = jnp.sum(t * t * m) / nf
    q = (t * t - tt_mean) * m
    crown = jnp.sum(flat * q) / jnp.sum(q * q)
    f_mean = jnp.sum(flat) / nf
    spread = jnp.sqrt(jnp.sum(((flat - f_mean) * m) ** 2) / nf)
    return jnp.stack([rough, crown, spread])


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
        padded = np.zeros(MAX_LEN, dtype=np.float32)
        padded[: len(heights)] = heights
        stats = profile_stats(jnp.asarray(padded), jnp.asarray(len(heights)))
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
best = []
for sheet in range(4):
    survey = Survey(cfg, rng)
    scores = survey.run(30)
    best.append(float(scores.min()))
    print(f"sheet {sheet + 1}: best pass {int(jnp.argmin(scores))}, score {best[-1]:.5f}")
print(f"result: {sum(best) * 1000:.10e}")
