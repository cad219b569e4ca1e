# ruff: noqa
"""Atmospheric entry of meteoroid showers: every recorded event breaks into a different number of
fragments, whose velocities, masses and heights are integrated through an exponential atmosphere
with drag and ablation (a jitted JAX step), and the surviving mass and fall spread are reported."""
import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")
RHO0, SCALE_H, DT = 1.225, 7160.0, 0.05


@jax.jit
def fly(state, shape_factor):
    def body(i, s):
        v, m, h, x = s
        rho = RHO0 * jnp.exp(-h / SCALE_H)
        area = shape_factor * (m / 3500.0) ** (2.0 / 3.0)
        drag = 0.5 * rho * v**2 * area / jnp.maximum(m, 1e-6)
        ablate = 0.014 * rho * v**3 * area / 8e6
        v = jnp.maximum(v - drag * DT, 0.0)
        m = jnp.maximum(m - ablate * DT, 0.0)
        h = jnp.maximum(h - v * 0.7 * DT, 0.0)
        x = x + v * 0.7 * DT
        return v, m, h, x
    return jax.lax.fori_loop(0, 400, body, state)


def event_state(rng, n_frag):
    v = rng.uniform(12e3, 30e3, n_frag).astype(np.float32)
    m = rng.lognormal(0.0, 1.2, n_frag).astype(np.float32)
    h = rng.uniform(70e3, 90e3, n_frag).astype(np.float32)
    x = np.zeros(n_frag, np.float32)
    return (v, m, h, x)


rng = np.random.default_rng(99)
surviving = []
spread = []
for event in range(9):
    n_frag = int(rng.integers(40, 400))
    v, m, h, x = fly(event_state(rng, n_frag), 1.21)
    m, x = np.asarray(m), np.asarray(x)
    surviving.append(m.sum())
    spread.append(x.std())
    print(f"event {event}: {n_frag} fragments, surviving {float(surviving[-1]):.4f} kg")
surviving = np.array(surviving, dtype=np.float64)
spread = np.array(spread, dtype=np.float64)
print(f"result: {surviving.sum() + spread.sum() / 1e3:.10e}")
