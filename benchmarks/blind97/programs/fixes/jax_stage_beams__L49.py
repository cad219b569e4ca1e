# ruff: noqa
"""Stage-floor illuminance for a theatre's moving-light plot: each cue aims the fixtures and sets
their beam spread; the renderer evaluates every fixture's Gaussian beam footprint on a grid over
the stage floor and reports the lit area and the evenness of each cue's wash."""
import functools
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")
PALETTE = [[1.0, 0.95, 0.9], [0.9, 0.9, 1.0], [1.0, 0.8, 0.6], [0.7, 0.8, 1.0]]


@dataclass
class Cue:
    name: str
    spread: float
    pan: np.ndarray
    tilt: np.ndarray
    intensity: np.ndarray
    colour: int = 0


def beam_field(pan, tilt, intensity, grid_x, grid_y, spread):
    height = 7.5
    tx = height * jnp.tan(pan)
    ty = 2.0 + height * jnp.tan(tilt)
    d2 = (grid_x[None] - tx[:, None, None]) ** 2 + (grid_y[None] - ty[:, None, None]) ** 2
    radius = height * jnp.tan(spread)
    lux = intensity[:, None, None] * jnp.exp(-d2 / (2.0 * radius ** 2)) / (height ** 2 + d2)
    return lux.sum(0)


BEAM_FIELD_JIT = jax.jit(beam_field)


@dataclass
class CueRenderer:
    width: float = 12.0
    depth: float = 8.0
    cells: int = 160
    log: list = field(default_factory=list)

    def grid(self):
        xs = jnp.linspace(-self.width / 2, self.width / 2, self.cells)
        ys = jnp.linspace(0.0, self.depth, self.cells)
        return jnp.meshgrid(xs, ys)

    def render(self, cue, grid_x, grid_y):
        render_fn = functools.partial(BEAM_FIELD_JIT, spread=cue.spread)
        lux = render_fn(jnp.asarray(cue.pan), jnp.asarray(cue.tilt), jnp.asarray(cue.intensity), grid_x, grid_y)
        tint = jnp.asarray(PALETTE)[cue.colour]
        return lux, tint


def cue_list(rng, n, fixtures):
    return [Cue(f"Q{i + 1}", float(rng.uniform(0.12, 0.35)), rng.uniform(-0.5, 0.5, fixtures),
                rng.uniform(-0.2, 0.3, fixtures), rng.uniform(500, 2000, fixtures), i % len(PALETTE))
            for i in range(n)]


rng = np.random.default_rng(6)
renderer = CueRenderer()
gx, gy = renderer.grid()
lit, evenness = [], []
for cue in cue_list(rng, 18, 18):
    lux, tint = renderer.render(cue, gx, gy)
    lux = np.asarray(lux) * float(tint.mean())
    lit.append(float((lux > 20.0).mean()))
    evenness.append(float(lux.min() / lux.max()))
print(f"cues: {len(lit)}, mean lit area {np.mean(lit):.3f}")
print(f"result: {sum(lit) + sum(evenness):.10e}")
