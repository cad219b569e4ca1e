"""Relaxation of a small Lennard-Jones cluster (a physics-teaching example of energy
minimisation): gradient descent with a step size that decays on a schedule, a clipped step
per atom, and the energy checked every few iterations."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def lj_energy(pos):
    diff = pos[:, None, :] - pos[None, :, :]
    r2 = jnp.sum(diff ** 2, axis=-1) + jnp.eye(pos.shape[0])
    inv6 = 1.0 / r2 ** 3
    pair = 4.0 * (inv6 ** 2 - inv6)
    return 0.5 * jnp.sum(pair * (1.0 - jnp.eye(pos.shape[0])))


@jax.jit
def descend(pos, lr):
    g = jax.grad(lj_energy)(pos)
    step = jnp.clip(-lr * g, -0.05, 0.05)
    return pos + step


energy = jax.jit(lj_energy)


def schedule(k, lr0=2e-3, every=25, factor=0.7):
    return lr0 * factor ** (k // every)


def relax(pos, n_steps, check_every=20):
    log = []
    for k in range(n_steps):
        pos = descend(pos, schedule(k))
        if k % check_every == 0:
            log.append(float(energy(pos)))
    return pos, log


rng = np.random.default_rng(2)
side = 5
grid = np.stack(np.meshgrid(*[np.arange(side)] * 3, indexing="ij"), -1).reshape(-1, 3)
pos0 = jnp.asarray(grid * 1.12 + rng.normal(0, 0.05, grid.shape), dtype=jnp.float32)
pos, log = relax(pos0, 300)
print(f"energy {log[0]:.3f} -> {float(energy(pos)):.3f} over {len(log)} checks")
print(f"result: {float(energy(pos)) + float(jnp.abs(pos).sum()):.10e}")
