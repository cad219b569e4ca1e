# ruff: noqa
"""Forecasts ash-fall load downwind of an erupting volcano: a 2-D advection-diffusion-settling
model of the ash column is stepped through each forecast hour with that hour's wind from the
forecast table, and the deposit on the ground grid is accumulated and summarised."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

NX, NY = 160, 160
DX = 2.0  # km


@partial(jax.jit, static_argnames=("u", "v", "n_sub"))
def advance_hour(conc, source, u, v, n_sub=30):
    dt = 3600.0 / n_sub / 1000.0  # km-hours scaled
    kdiff = 0.02

    def sub(c, _):
        cx = c - u * dt / DX * (c - jnp.roll(c, 1, axis=0))
        cy = cx - v * dt / DX * (cx - jnp.roll(cx, 1, axis=1))
        lap = jnp.roll(cy, 1, 0) + jnp.roll(cy, -1, 0) + jnp.roll(cy, 1, 1) + jnp.roll(cy, -1, 1) - 4 * cy
        c_new = cy + kdiff * lap + source * dt
        settle = 0.015 * c_new
        return c_new - settle, settle

    conc, settled = jax.lax.scan(sub, conc, None, length=n_sub)
    return conc, settled.sum(axis=0)


def deposit_rate(conc):
    return 0.015 * conc.sum()


rng = np.random.default_rng(17)
hours = 8
wind_u = np.round(6.0 + 2.0 * np.sin(np.arange(hours) / 7.0) + rng.normal(0, 0.5, hours), 2)
wind_v = np.round(1.5 + 1.0 * np.cos(np.arange(hours) / 5.0) + rng.normal(0, 0.3, hours), 2)
source = jnp.zeros((NX, NY)).at[30, 80].set(50.0)
conc = jnp.zeros((NX, NY))
ground = jnp.zeros((NX, NY))
rates = []
for h in range(hours):
    conc, dep = advance_hour(conc, source, u=float(wind_u[h]), v=float(wind_v[h]))
    ground = ground + dep
    rates.append(jax.jit(deposit_rate)(conc))
ground = np.asarray(ground)
peak = np.unravel_index(ground.argmax(), ground.shape)
print(f"hours: {hours}, peak deposit {ground.max():.3f} at cell {tuple(int(i) for i in peak)}, area > 1: {(ground > 1.0).sum()}")
print(f"result: {ground.sum() + ground.max() + float(jnp.stack(rates).sum()):.10e}")
