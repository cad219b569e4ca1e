# ruff: noqa
"""Deterministic-annealing clustering of a 2-D point cloud with JAX: soft assignments at a
temperature that is lowered geometrically, a fixed-point iteration of the centroids at each
temperature until they stop moving, and the final hard-assignment cost."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.jit, static_argnames=("temperature",))
def update(points, centroids, temperature):
    d2 = ((points[:, None, :] - centroids[None, :, :]) ** 2).sum(-1)
    resp = jax.nn.softmax(-d2 / temperature, axis=1)
    new = (resp.T @ points) / (resp.sum(0)[:, None] + 1e-9)
    return new, jnp.abs(new - centroids).max()


def anneal(points, centroids, t0, t_min, cool):
    temperature = t0
    history = []
    while temperature > t_min:
        for it in range(50):
            centroids, shift = update(points, centroids, temperature)
            if float(shift) < 1e-4:
                break
        history.append((temperature, it, float(shift)))
        temperature *= cool
    return centroids, history


rng = np.random.default_rng(8)
centers = rng.uniform(-8, 8, (6, 2))
points = jnp.asarray(np.concatenate([c + rng.normal(0, 0.7, (500, 2)) for c in centers]), dtype=jnp.float32)
init = points.mean(0) + 0.01 * jnp.asarray(rng.normal(size=(6, 2)), dtype=jnp.float32)
final, history = anneal(points, init, t0=60.0, t_min=0.5, cool=0.8)
d2 = ((points[:, None, :] - final[None]) ** 2).sum(-1)
cost = float(d2.min(1).mean())
print(f"{len(history)} temperatures, {sum(h[1] for h in history)} iterations, cost {cost:.5f}")
print(f"result: {cost + float(jnp.sort(final[:, 0]).sum()):.10e}")
