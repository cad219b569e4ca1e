# ruff: noqa
"""Crumb analysis for a sourdough bakery's quality lab: every test loaf is sliced and each slice
scanned; the lab's statistics (open-crumb fraction, mean and spread of alveolus size, a tunnelling
score) are computed per loaf from the stack of slice profiles. Loaves come out of the oven in
batches, and each batch's average crumb score is reported."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")
WIDTH = 96


@jax.jit
def crumb_stats(slices):
    holes = jax.nn.sigmoid(8.0 * (slices - 0.55))
    open_frac = holes.mean()
    sizes = holes.sum(axis=1)
    spread = jnp.sqrt(jnp.mean((sizes - sizes.mean()) ** 2))
    tunnel = jnp.max(jnp.abs(jnp.diff(sizes)))
    return jnp.stack([open_frac, sizes.mean(), spread, tunnel])


@dataclass
class Loaf:
    batch: int
    slices: np.ndarray


def bake_batches(rng, n_batches, per_batch):
    for b in range(n_batches):
        for _ in range(per_batch):
            n_slices = int(rng.integers(12, 20))
            yield Loaf(b, rng.random((n_slices, WIDTH), dtype=np.float32))


def score(stats):
    return stats[0] * 2.0 + stats[2] * 0.1 - stats[3] * 0.05


rng = np.random.default_rng(9)
loaves = list(bake_batches(rng, n_batches=5, per_batch=14))
MAX_SLICES = 20


@jax.jit
def crumb_stats_padded(slices, n):
    mask = jnp.arange(MAX_SLICES) < n
    holes = jax.nn.sigmoid(8.0 * (slices - 0.55)) * mask[:, None]
    open_frac = holes.sum() / (n * WIDTH)
    sizes = holes.sum(axis=1)
    mean = sizes.sum() / n
    spread = jnp.sqrt(jnp.sum(jnp.where(mask, (sizes - mean) ** 2, 0.0)) / n)
    tunnel = jnp.max(jnp.where(jnp.arange(MAX_SLICES - 1) < n - 1, jnp.abs(jnp.diff(sizes)), 0.0))
    return jnp.stack([open_frac, mean, spread, tunnel])


pad = lambda a: np.pad(a, ((0, MAX_SLICES - a.shape[0]), (0, 0)))
analyse = lambda loaf: crumb_stats_padded(jnp.asarray(pad(loaf.slices)), loaf.slices.shape[0])
all_stats = list(map(analyse, loaves))
batch_scores = []
for b in range(5):
    mine = [score(s) for s, loaf in zip(all_stats, loaves) if loaf.batch == b]
    batch_scores.append(float(jnp.mean(jnp.stack(mine))))
print("batch scores: " + ", ".join(f"{s:.4f}" for s in batch_scores))
total = sum(batch_scores) + float(jnp.stack(all_stats).sum())
print(f"result: {total:.10e}")
