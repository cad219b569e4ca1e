# ruff: noqa
"""Bass-bar shaping for a violin top: the bar's height profile at a row of stations is tuned
so that the braced plate's bending stiffness matches the maker's target curve, with a penalty
on the bar's mass and on abrupt height changes; a short projected gradient descent under the
wood's height limits, then the final profile is printed in millimetres."""
from dataclasses import dataclass, field
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platforms", "cpu")


@dataclass
class BarSpec:
    n_stations: int = 64
    length_mm: float = 270.0
    min_mm: float = 2.0
    max_mm: float = 14.0
    mass_weight: float = 0.02
    smooth_weight: float = 0.5


def plate_energy(heights, target, spec, stiffness_scale):
    x = jnp.linspace(0.0, 1.0, spec.n_stations)
    ei = stiffness_scale * heights**3 * (1.0 + 0.3 * jnp.sin(jnp.pi * x))
    mismatch = jnp.sum((jnp.log(ei) - jnp.log(target)) ** 2)
    mass = spec.mass_weight * jnp.sum(heights)
    smooth = spec.smooth_weight * jnp.sum(jnp.diff(heights, n=2) ** 2)
    return mismatch + mass + smooth


class BarShaper:
    def __init__(self, spec, target, stiffness_scale):
        self.spec = spec
        self.target = target
        self.scale = stiffness_scale
        self.lr = 0.05

    def step(self, heights):
        if not hasattr(self, "_energy_and_grad"):
            self._energy_and_grad = jax.jit(jax.value_and_grad(partial(plate_energy, target=self.target, spec=self.spec, stiffness_scale=self.scale)))
        e, g = self._energy_and_grad(heights)
        return jnp.clip(heights - self.lr * g, self.spec.min_mm, self.spec.max_mm), e


spec = BarSpec()
rng = np.random.default_rng(8)
xs = np.linspace(0.0, 1.0, spec.n_stations)
target = jnp.asarray(200.0 * (0.2 + np.sin(np.pi * xs) ** 2) + rng.uniform(0, 5, spec.n_stations))
shaper = BarShaper(spec, target, stiffness_scale=0.6)
heights = jnp.full(spec.n_stations, 6.0)
energies = []
for it in range(6):
    heights, e = shaper.step(heights)
    energies.append(e)
peaks, h = {}, np.asarray(heights)
for name, sl in (("upper", slice(0, 21)), ("middle", slice(21, 43)), ("lower", slice(43, 64))):
    peaks[name] = float(h[sl].max())
print("bar heights (mm): " + " ".join(f"{h:.2f}" for h in np.asarray(heights)[::8]))
print("section peaks: " + ", ".join(f"{k} {v:.2f}" for k, v in peaks.items()))
print(f"result: {float(jnp.sum(heights)) + float(jnp.stack(energies).sum()) + sum(peaks.values()):.10e}")
