# ruff: noqa
"""Snowmaking planner for a ski resort: for every night of the early season, simulates the
snow produced by the resort's fan guns along each piste given the night's wet-bulb temperature
and wind (a jitted cell model over a grid of piste sections), and accumulates base depth.
Reports the nights needed to open each piste and the season's total water use."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_enable_x64", False)
N_PISTES, N_SECTIONS, N_HOURS = 24, 64, 10


@partial(jax.jit, static_argnums=(2,))
def night_production(depth, wind, wet_bulb, guns):
    efficiency = jnp.clip((-2.5 - wet_bulb) / 8.0, 0.0, 1.0)
    def hour(carry, w):
        d = carry
        drift = 0.03 * jnp.tanh(w) * (jnp.roll(d, 1, axis=1) - d)
        made = guns * efficiency * (1.0 - 0.2 * jnp.abs(w)) * 0.012
        return d + made + drift, made.sum()
    depth, water = jax.lax.scan(hour, depth, wind)
    return depth, water.sum() * 180.0


class Season:
    def __init__(self, seed):
        rng = np.random.default_rng(seed)
        self.guns = jnp.asarray(rng.uniform(0.2, 1.0, (N_PISTES, N_SECTIONS)), dtype=jnp.float32)
        self.rng = rng
        self.water_log = []

    def forecast(self, night):
        wet_bulb = float(round(-3.0 - 4.0 * np.sin(night / 9.0) + self.rng.normal(0, 1.5)))
        wind = jnp.asarray(self.rng.normal(0, 0.6, (N_HOURS, 1, 1)), dtype=jnp.float32)
        return wet_bulb, wind

    def run(self, nights, target=0.12):
        depth = jnp.zeros((N_PISTES, N_SECTIONS), dtype=jnp.float32)
        opened = jnp.full(N_PISTES, -1)
        for night in range(nights):
            wet_bulb, wind = self.forecast(night)
            depth, water = night_production(depth, wind, wet_bulb, self.guns)
            self.water_log.append(water)
            ready = depth.min(axis=1) >= target
            opened = jnp.where((opened < 0) & ready, night, opened)
        return depth, np.asarray(opened)


season = Season(4)
depth, opened = season.run(24)
total_water = float(jnp.stack(season.water_log).sum())
print(f"pistes open: {(opened >= 0).sum()}/{N_PISTES}, water used {total_water:.1f} m3")
print(f"result: {total_water + float(depth.mean()) + opened.sum():.10e}")
