# ruff: noqa
"""Virtual screening of a ligand library against a fixed binding site with JAX: each ligand
(a variable number of atoms) is placed in a few random poses, scored with a soft
Lennard-Jones plus Coulomb energy against the site's atoms, and the best pose energy per
ligand is ranked."""
import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")


@jax.jit
def pose_energies(site, site_q, lig, lig_q, rotations, shifts):
    poses = jnp.einsum("pij,aj->pai", rotations, lig) + shifts[:, None, :]
    d = jnp.sqrt(((poses[:, :, None, :] - site[None, None, :, :]) ** 2).sum(-1) + 0.25)
    lj = (1.0 / d) ** 12 - 2.0 * (1.0 / d) ** 6
    coul = lig_q[None, :, None] * site_q[None, None, :] / d
    return (lj + 0.3 * coul).sum((1, 2))


def random_rotations(rng, n):
    q = rng.standard_normal((n, 4))
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    w, x, y, z = q.T
    return np.stack([
        np.stack([1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)], -1),
        np.stack([2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)], -1),
        np.stack([2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)], -1)], 1)


class Library:
    def __init__(self, rng, n, min_atoms=12, max_atoms=48):
        self.sizes = rng.integers(min_atoms, max_atoms + 1, size=n)
        self.ligands = [rng.normal(0.0, 1.2, size=(k, 3)).astype(np.float32) for k in self.sizes]
        self.charges = [rng.choice([-0.4, 0.0, 0.4], size=k).astype(np.float32) for k in self.sizes]

    def __iter__(self):
        return iter(zip(self.ligands, self.charges))


def screen(site, site_q, library, rng, n_poses=16):
    best = []
    for lig, q in library:
        rot = random_rotations(rng, n_poses).astype(np.float32)
        shift = rng.normal(0.0, 0.8, size=(n_poses, 3)).astype(np.float32)
        e = pose_energies(site, site_q, lig, q, rot, shift)
        best.append(e)
    return jnp.stack(best).min(1)


rng = np.random.default_rng(8)
site = jnp.asarray(rng.uniform(-6.0, 6.0, size=(120, 3)).astype(np.float32))
site_q = jnp.asarray(rng.choice([-0.5, 0.5], size=120).astype(np.float32))
library = Library(rng, 150)
scores = screen(site, site_q, library, rng)
top = np.argsort(np.asarray(scores))[:5]
print("top ligands:", top.tolist(), "sizes", library.sizes[top].tolist())
print(f"result: {float(scores.sum()):.10e}")
