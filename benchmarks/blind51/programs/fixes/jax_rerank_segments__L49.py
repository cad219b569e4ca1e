# ruff: noqa
"""Softmax re-ranking of a recommender's candidates per user segment: each segment has its own
sampling temperature (sharper for heavy users), exposure-weighted expected gain is computed for
every user of the segment, and a few passes of exposure feedback update the item popularity."""
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@dataclass
class Segment:
    users: jnp.ndarray
    activity: float

    @property
    def temperature(self):
        return round(0.3 + 1.0 / (1.0 + self.activity), 2)


@partial(jax.jit, static_argnames=("temperature",))
def expected_gain(users, items, popularity, temperature):
    logits = users @ items.T / temperature + jnp.log(popularity)
    probs = jax.nn.softmax(logits, axis=1)
    relevance = jax.nn.sigmoid(users @ items.T)
    return (probs * relevance).sum(axis=1), probs.mean(axis=0)


def rerank_pass(segments, items, popularity):
    gains, exposure = [], jnp.zeros_like(popularity)
    for seg in segments:
        g, e = expected_gain(seg.users, items, popularity, temperature=seg.temperature)
        gains.append(g.mean())
        exposure = exposure + e
    return jnp.stack(gains), exposure / len(segments)


rng = np.random.default_rng(8)
items = jnp.asarray(rng.normal(0, 0.3, size=(3000, 24)), dtype=jnp.float32)
segments = [Segment(jnp.asarray(rng.normal(0, 0.3, size=(256, 24)), dtype=jnp.float32),
                    float(rng.gamma(2.0, 1.5))) for _ in range(16)]
popularity = jnp.full(items.shape[0], 1.0 / items.shape[0])
history = []
for p in range(6):
    gains, exposure = rerank_pass(segments, items, popularity)
    popularity = 0.9 * popularity + 0.1 * exposure
    history.append(gains.mean())
history = [float(h) for h in jnp.stack(history)]
print("mean expected gain per pass:", [round(h, 5) for h in history])
print(f"result: {sum(history) + float(popularity.max()) * 1000:.10e}")
