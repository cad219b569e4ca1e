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
analyse = lambda loaf: crumb_stats(jnp.asarray(loaf.slices))
all_stats = list(map(analyse, loaves))
batch_scores = []
for b in range(5):
    mine = [score(s) for s, loaf in zip(all_stats, loaves) if loaf.batch == b]
    batch_scores.append(float(jnp.mean(jnp.stack(mine))))
print("batch scores: " + ", ".join(f"{s:.4f}" for s in batch_scores))
total = sum(batch_scores) + float(jnp.stack(all_stats).sum())
print(f"result: {total:.10e}")
