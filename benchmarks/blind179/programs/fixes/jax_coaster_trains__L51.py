# ruff: noqa
"""Carnival coaster commissioning: simulates each train configuration (loaded mass, wheel
friction, aerodynamic drag) along the track profile with a semi-implicit Euler integrator in
lax.scan, checks that every train clears the final hill, and prints the mean exit speed."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")

G = 9.81
N_STEPS = 5000
DT = 0.002


@partial(jax.jit, static_argnames=("n_points",))
def track_profile(knots, n_points):
    s = jnp.linspace(0.0, 1.0, n_points)
    xs = jnp.linspace(0.0, 1.0, knots.shape[0])
    return jnp.interp(s, xs, knots)


def run_train(heights, mass, friction, drag):
    length = 600.0
    n = heights.shape[0]
    slope = jnp.gradient(heights, axis=0) * (n - 1) / length
    cols = jnp.arange(heights.shape[1])

    def step(carry, _):
        pos, vel = carry
        i = jnp.clip((pos / length * (n - 1)).astype(jnp.int32), 0, n - 1)
        theta = jnp.arctan(slope[i, cols])
        acc = -G * jnp.sin(theta) - friction * G * jnp.cos(theta) * jnp.sign(vel) - drag / mass * vel * jnp.abs(vel)
        vel = vel + DT * acc
        pos = pos + DT * vel
        return (pos, vel), vel

    (pos, vel), vels = jax.lax.scan(step, (jnp.zeros(heights.shape[1:]), jnp.full(heights.shape[1:], 28.0)), None, length=N_STEPS)
    return pos, vel, vels.max(axis=0)


def main():
    rng = np.random.default_rng(21)
    knots = jnp.asarray(np.array([40.0, 5.0, 22.0, 8.0, 18.0, 4.0, 12.0, 2.0], dtype=np.float32))
    configs = [(float(m), float(f), float(d)) for m, f, d in zip(
        rng.uniform(5000, 9000, 8), rng.uniform(0.002, 0.006, 8), rng.uniform(0.6, 1.2, 8))]
    exit_speeds = []
    profile = track_profile(knots, n_points=4096)
    for mass, friction, drag in configs:
        heights = profile
        heights = heights[:, None] + jnp.asarray(rng.normal(0.0, 0.05, size=(1, 64)), dtype=jnp.float32)
        sim = jax.jit(partial(run_train, mass=mass, friction=friction, drag=drag))
        pos, vel, vmax = sim(heights)
        exit_speeds.append(float(jnp.mean(vel)))
    print(f"trains {len(configs)}, mean exit speed {np.mean(exit_speeds):.3f} m/s")
    print(f"result: {float(np.mean(exit_speeds)):.10e}")


main()
