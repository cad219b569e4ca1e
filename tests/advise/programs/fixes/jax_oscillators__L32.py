# ruff: noqa
"""Coupled damped oscillators integrated with a small symplectic step for a few damping
settings; prints the total final energy."""
import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_enable_x64", False)


def coupling_matrix(n, k):
    a = np.zeros((n, n), dtype=np.float32)
    for i in range(n):
        a[i, i] = -2.0 * k
        a[i, (i + 1) % n] = k
        a[i, (i - 1) % n] = k
    return jnp.asarray(a)


@jax.jit
def step(state, coupling, damping, dt):
    x, v = state
    v = v + dt * (coupling @ x - damping * v)
    x = x + dt * v
    return (x, v)


def simulate(n, steps, damping, dt=1e-3):
    coupling = coupling_matrix(n, 4.0)
    x = jnp.sin(jnp.linspace(0.0, 3.0, n, dtype=jnp.float32))
    state = (x, jnp.zeros(n, dtype=jnp.float32))
    state = jax.lax.fori_loop(0, steps, lambda t, s: step(s, coupling, damping, dt), state)
    return state


def energy(state):
    x, v = state
    return float(0.5 * jnp.sum(v * v) + 0.5 * jnp.sum(x * x))


total = 0.0
for damping in (0.0, 0.05, 0.1, 0.2):
    total += energy(simulate(32, 40000, damping))
print(f"result: {total:.6e}")
