# ruff: noqa
"""Ski-lift grooming planner: every night the resort's snowcats report a variable number of
surface readings (depth, hardness, slope) along each piste; a small JAX scoring model turns each
night's readings into a grooming priority, and the planner keeps a running ranking of pistes
over the season. Prints the pistes groomed most often."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")

PISTES = ["blue-1", "blue-2", "red-1", "red-2", "black-1", "black-2"]


@dataclass
class Night:
    piste: str
    readings: np.ndarray


@jax.jit
def _priority(readings, weights, bias):
    depth, hardness, slope = readings[:, 0], readings[:, 1], readings[:, 2]
    z = weights[0] * jnp.tanh(depth) + weights[1] * hardness**2 + weights[2] * jnp.sin(slope)
    return jnp.mean(jax.nn.sigmoid(z + bias)) + 0.1 * jnp.max(z)


def season(n_nights, rng):
    for k in range(n_nights):
        piste = PISTES[k % len(PISTES)]
        n = int(rng.integers(200, 420))
        yield Night(piste, rng.normal(size=(n, 3)).astype(np.float32))


class Planner:
    def __init__(self, weights, bias):
        self.score = functools.partial(_priority, weights=weights, bias=bias)
        self.totals = {p: 0.0 for p in PISTES}
        self.groomed = {p: 0 for p in PISTES}

    def plan(self, night):
        priority = self.score(night.readings)
        self.totals[night.piste] += float(priority)
        if priority > 0.75:
            self.groomed[night.piste] += 1


def main():
    rng = np.random.default_rng(77)
    weights = jnp.asarray(np.array([0.8, -0.3, 0.5], dtype=np.float32))
    planner = Planner(weights, jnp.float32(0.1))
    for night in season(10, rng):
        planner.plan(night)
    summary = 0.5 * sum(planner.groomed.values())
    top = sorted(PISTES, key=lambda p: -planner.groomed[p])[:3]
    print(f"most groomed: {top}")
    print(f"result: {sum(planner.totals.values()) + summary:.10e}")


if __name__ == "__main__":
    main()
