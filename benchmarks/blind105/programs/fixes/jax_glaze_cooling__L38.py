# ruff: noqa
"""Crystalline-glaze report for a pottery kiln: reads each firing's cooling log (temperature
samples from peak down to 600 C, of whatever length the controller recorded), estimates crystal
growth per glaze recipe from the time spent in its crystallisation window, and ranks the firings."""
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

DT_S = 15.0


@dataclass(frozen=True)
class GlazeRecipe:
    name: str
    nucleation_c: float
    growth_rate: float


def crystal_growth(temps, dt, nucleation_c, growth_rate):
    under = jnp.clip(nucleation_c - temps, 0.0, 150.0)
    window = jnp.exp(-(((temps - (nucleation_c - 60.0)) / 40.0) ** 2))
    rate = growth_rate * under * window
    return jnp.sum(rate) * dt, jnp.max(rate), jnp.mean(under)


class GlazeModel:
    def __init__(self, recipe):
        self.recipe = recipe
        self._growth = jax.jit(
            partial(crystal_growth, nucleation_c=recipe.nucleation_c, growth_rate=recipe.growth_rate)
        )

    def assess(self, log):
        size, peak_rate, under = self._growth(jnp.asarray(log), DT_S)
        return size, peak_rate, under


def cooling_log(rng, peak, hold_c, n):
    t = np.arange(n, dtype=np.float32)
    base = 600.0 + (peak - 600.0) * np.exp(-t / (0.35 * n))
    hold = (t > 0.3 * n) & (t < 0.5 * n)
    base = np.where(hold, np.maximum(base, hold_c), base)
    return (base + rng.normal(0.0, 1.0, n)).astype(np.float32)


rng = np.random.default_rng(17)
recipes = [
    GlazeRecipe("zinc-silicate", 1100.0, 0.002),
    GlazeRecipe("titanium-blue", 1060.0, 0.0015),
    GlazeRecipe("willemite-gold", 1120.0, 0.0025),
]
models = [GlazeModel(r) for r in recipes]
scores = []
for k in range(9):
    n = 1200 + 173 * k + int(rng.integers(0, 30))
    log = cooling_log(rng, float(rng.uniform(1220, 1280)), float(rng.uniform(1000, 1090)), n)
    model = models[k % len(models)]
    size, peak_rate, under = model.assess(log)
    scores.append((size, peak_rate, under))
scores = np.array(jax.device_get(scores), dtype=np.float64)
blend = float(np.dot([0.5, 0.3, 0.2], scores.mean(axis=0)))
best = int(np.argmax(scores[:, 0]))
print(f"{len(scores)} firings, largest crystals in firing {best} ({scores[best, 0]:.2f} mm)")
print(f"result: {scores.sum() + blend:.10e}")
