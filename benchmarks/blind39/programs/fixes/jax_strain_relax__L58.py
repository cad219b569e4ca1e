"""Elastic response of a 2-D Lennard-Jones crystal under uniaxial strain.

A triangular-lattice crystal (periodic cell) is strained step by step; at each strain the atoms
are relaxed by damped gradient descent at fixed cell, and the relaxed energy and virial stress
are recorded. A quadratic fit of energy against strain gives the effective elastic modulus.
"""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platforms", "cpu")


def triangular_lattice(nx, ny, a=1.12):
    i, j = np.meshgrid(np.arange(nx), np.arange(ny), indexing="ij")
    x = a * (i + 0.5 * (j % 2))
    y = a * np.sqrt(3) / 2 * j
    pos = np.stack([x.ravel(), y.ravel()], axis=1)
    box = np.array([a * nx, a * np.sqrt(3) / 2 * ny])
    return pos, box


def lj_energy(pos, box, cutoff=2.5):
    d = pos[:, None, :] - pos[None, :, :]
    d = d - box * jnp.round(d / box)
    r2 = jnp.sum(d * d, axis=-1) + jnp.eye(pos.shape[0])
    inv6 = 1.0 / r2**3
    e = 4.0 * (inv6 * inv6 - inv6)
    mask = (r2 < cutoff**2) & ~jnp.eye(pos.shape[0], dtype=bool)
    return 0.5 * jnp.sum(jnp.where(mask, e, 0.0))


@partial(jax.jit, static_argnums=(2,))
def relax(pos0, box0, strain, n_steps=150, lr=2e-3):
    stretch = np.diag([1.0 + strain, 1.0 - 0.3 * strain])
    pos = pos0 @ stretch
    box = box0 @ stretch
    grad = jax.grad(lj_energy)

    def body(_, p):
        return p - lr * grad(p, box)

    pos = jax.lax.fori_loop(0, n_steps, body, pos)
    return lj_energy(pos, box), pos


def main():
    pos, box = triangular_lattice(10, 12)
    key = jax.random.PRNGKey(0)
    pos = jnp.asarray(pos) + 0.01 * jax.random.normal(key, pos.shape)
    box = jnp.asarray(box)
    strains = np.round(np.linspace(-0.02, 0.02, 9), 6)
    energies = []
    for eps in strains:
        e, relaxed = relax(pos, box, float(eps))
        energies.append(e)
    energies = np.array(energies, dtype=float)
    coef = np.polyfit(strains, energies, 2)
    modulus = 2 * coef[0] / pos.shape[0]
    print(f"E(0) = {energies[len(energies) // 2]:.5f}, modulus per atom {modulus:.4f}")
    print("result:", round(float(modulus + energies.sum() / 100), 5))


if __name__ == "__main__":
    main()
