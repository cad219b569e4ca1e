# ruff: noqa
"""Runout screening for avalanche paths: each surveyed path's elevation profile is run through
a Voellmy-type energy-line model (Coulomb friction plus turbulent drag) to get the flow speed
along the path, the runout distance and the peak impact pressure; paths are grouped by forecast
region and each region's worst runout is reported."""
from dataclasses import dataclass
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp

jax.config.update("jax_platform_name", "cpu")

G = 9.81
RHO = 300.0


@dataclass(frozen=True)
class Voellmy:
    mu: float = 0.35
    xi: float = 1500.0
    flow_depth: float = 1.5


def _energy_line(profile, dx, mu, xi, depth):
    drop = profile[0] - profile
    x = jnp.arange(profile.shape[0]) * dx
    slope = jnp.diff(profile, append=profile[-1:]) / dx
    cos_t = 1.0 / jnp.sqrt(1.0 + slope * slope)
    drag = jnp.cumsum(jnp.abs(slope)) * dx * G / xi * depth
    v2 = 2.0 * G * (drop - mu * x * cos_t) - drag
    v = jnp.sqrt(jnp.maximum(v2, 0.0))
    moving = v2 > 0.0
    runout = jnp.sum(moving) * dx
    pressure = RHO * jnp.max(v) ** 2 / 1000.0
    return runout, pressure, jnp.sum(v) * dx


class RunoutScreen:
    def __init__(self, model):
        self.model = model
        self._run = jax.jit(partial(_energy_line, mu=model.mu, xi=model.xi, depth=model.flow_depth))

    def screen(self, paths, dx):
        results = []
        i = 0
        while i < len(paths):
            results.append(jnp.stack(self._run(jnp.asarray(paths[i]), dx)))
            i += 1
        return jnp.stack(results)


def survey_paths(n, rng):
    paths = []
    lengths = rng.permutation(np.arange(180, 180 + 40 * n, 40))[:n]
    for length in lengths:
        x = np.linspace(0.0, 1.0, length)
        top = rng.uniform(600.0, 1400.0)
        shape = top * (1.0 - x) ** rng.uniform(1.3, 2.2) + rng.normal(0.0, 2.0, size=length)
        paths.append(shape.astype(np.float32))
    return paths


rng = np.random.default_rng(134)
screen = RunoutScreen(Voellmy())
regions = {name: survey_paths(4, rng) for name in ("north", "central", "south")}
worst = {}
totals = []
for name, paths in regions.items():
    res = screen.screen(paths, 10.0)
    worst[name] = float(res[:, 0].max())
    totals.append(res.sum())
for name, w in worst.items():
    print(f"{name}: worst runout {w:.0f} m")
print(f"result: {float(jnp.stack(totals).sum()) + sum(worst.values()):.10e}")
