# ruff: noqa
"""Simulated annealing of a batch of Ising spin glasses (random couplings on a ring with
long-range bonds) with Metropolis sweeps in JAX, following a geometric temperature schedule,
and the best energies found."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def make_couplings(key, n_chains, n_spins):
    k1, k2 = jax.random.split(key)
    j_near = jax.random.normal(k1, (n_chains, n_spins))
    j_far = 0.5 * jax.random.normal(k2, (n_chains, n_spins))
    return j_near, j_far


def local_field(spins, j_near, j_far):
    right = jnp.roll(spins, -1, axis=1)
    left = jnp.roll(spins, 1, axis=1)
    far_r = jnp.roll(spins, -7, axis=1)
    far_l = jnp.roll(spins, 7, axis=1)
    return j_near * right + jnp.roll(j_near, 1, axis=1) * left + j_far * far_r + jnp.roll(j_far, 7, axis=1) * far_l


def energy(spins, j_near, j_far):
    right = jnp.roll(spins, -1, axis=1)
    far_r = jnp.roll(spins, -7, axis=1)
    return -(j_near * spins * right + j_far * spins * far_r).sum(axis=1)


@partial(jax.jit, static_argnums=(4,))
def sweep(spins, key, j_near, j_far, temperature):
    n = spins.shape[1]
    for parity in (0, 1):
        key, sub = jax.random.split(key)
        h = local_field(spins, j_near, j_far)
        delta = 2 * spins * h
        accept = jax.random.uniform(sub, spins.shape) < jnp.exp(-delta / temperature)
        mask = (jnp.arange(n) % 2 == parity)[None, :]
        spins = jnp.where(accept & mask, -spins, spins)
    return spins, key


def anneal(key, j_near, j_far, schedule, sweeps_per_t):
    key, sub = jax.random.split(key)
    spins = jnp.where(jax.random.uniform(sub, j_near.shape) < 0.5, -1.0, 1.0)
    best = energy(spins, j_near, j_far)
    for temperature in schedule:
        for _ in range(sweeps_per_t):
            spins, key = sweep(spins, key, j_near, j_far, temperature)
        best = jnp.minimum(best, energy(spins, j_near, j_far))
    return best


key = jax.random.PRNGKey(0)
j_near, j_far = make_couplings(key, 64, 256)
schedule = [float(t) for t in 3.0 * 0.55 ** np.arange(4)]
best = anneal(key, j_near, j_far, schedule, sweeps_per_t=80)
scales = jnp.array([1.0, 0.5, 0.25])
summary = (best.mean() * scales).tolist()
print(f"best energy per spin {float(best.mean()) / 256:.4f}, spread {float(best.std()):.3f}")
print(f"result: {float(best.sum()) + sum(summary):.10e}")
