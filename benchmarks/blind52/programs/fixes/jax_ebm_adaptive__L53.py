# ruff: noqa
"""One-dimensional energy-balance climate model (latitudinal heat diffusion with ice-albedo
feedback) spun up to equilibrium for a range of CO2 forcings, with an adaptive time step chosen
from the size of the last update."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")

N_LAT = 90
x = jnp.linspace(-0.99, 0.99, N_LAT)
lat = jnp.rad2deg(jnp.arcsin(x))
dx = float(x[1] - x[0])
insolation = 1365.0 / 4 * (1 - 0.482 * 0.5 * (3 * x**2 - 1))


def albedo(T):
    return jnp.where(T < -10.0, 0.62, 0.3)


@partial(jax.jit, static_argnames=("n_sub",))
def advance(T, forcing, dt, n_sub):
    def body(i, T):
        flux = (1 - x[1:] ** 2 + 1 - x[:-1] ** 2) / 2 * (T[1:] - T[:-1]) / dx
        div = jnp.concatenate([flux[:1], flux[1:] - flux[:-1], -flux[-1:]]) / dx
        src = insolation * (1 - albedo(T)) - (203.3 + 2.09 * T) + forcing
        return T + dt * (0.44 * div + src) / 9.8
    return jax.lax.fori_loop(0, n_sub, body, T)


@jax.jit
def global_mean(T):
    w = jnp.cos(jnp.deg2rad(lat))
    return jnp.sum(w * T) / jnp.sum(w)


class SpinUp:
    def __init__(self, tol=1e-3, max_outer=120, dt_max=0.004):
        self.tol, self.max_outer, self.dt_max = tol, max_outer, dt_max

    def next_dt(self, dt, change):
        if change > 0.5:
            return max(1e-4, round(dt * 0.5, 6))
        return min(self.dt_max, round(dt * 1.3, 6))

    def __call__(self, T, forcing):
        dt, n = 0.0002, 0
        change = np.inf
        while change > self.tol and n < self.max_outer:
            T_new = advance(T, forcing, dt=dt, n_sub=20)
            change = float(jnp.max(jnp.abs(T_new - T)))
            dt = self.next_dt(dt, change)
            T, n = T_new, n + 1
        return T, n


spin = SpinUp()
T = 10.0 - 30.0 * x**2
results = []
for forcing in np.linspace(0.0, 8.0, 6):
    T, n = spin(T, float(forcing))
    results.append(float(global_mean(T)))
    print(f"forcing {forcing:.1f} W/m2: {n} outer steps, global mean {results[-1]:.3f} C")
print(f"result: {sum(results):.10e}")
