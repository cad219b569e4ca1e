# ruff: noqa
"""Rigid-body docking by Monte Carlo: a synthetic receptor pocket of charged atoms, its
electrostatic potential sampled on a grid, and a ligand moved by random rotations and
translations, each pose scored by the grid potential at its atoms plus a clash penalty."""
import numpy as np


def rotation(axis, angle):
    x, y, z = axis / np.linalg.norm(axis)
    c, s = np.cos(angle), np.sin(angle)
    C = 1.0 - c
    return np.array([[c + x * x * C, x * y * C - z * s, x * z * C + y * s],
                     [y * x * C + z * s, c + y * y * C, y * z * C - x * s],
                     [z * x * C - y * s, z * y * C + x * s, c + z * z * C]])


class Receptor:
    def __init__(self, rng, n_atoms=400, box=10.0, spacing=1.0):
        self.atoms = rng.uniform(-box, box, size=(n_atoms, 3))
        self.atoms = self.atoms[np.linalg.norm(self.atoms, axis=1) > 4.0]
        self.charges = rng.choice([-1.0, -0.5, 0.5, 1.0], size=len(self.atoms))
        self.axis = np.arange(-box, box, spacing)
        self.spacing = spacing

    @property
    def potential(self):
        g = np.stack(np.meshgrid(self.axis, self.axis, self.axis, indexing="ij"), -1).reshape(-1, 3)
        d = np.sqrt(((g[:, None, :] - self.atoms[None, :, :]) ** 2).sum(-1)) + 0.5
        return (self.charges / d).sum(1).reshape(len(self.axis), len(self.axis), len(self.axis))

    def score(self, coords, charges):
        grid = self.potential
        idx = np.clip(np.rint((coords - self.axis[0]) / self.spacing).astype(int), 0, len(self.axis) - 1)
        elec = (grid[idx[:, 0], idx[:, 1], idx[:, 2]] * charges).sum()
        d = np.sqrt(((coords[:, None, :] - self.atoms[None, :, :]) ** 2).sum(-1))
        clash = np.clip(3.0 - d, 0.0, None).sum()
        return elec + 4.0 * clash


def dock(receptor, ligand, charges, rng, steps, temp=1.0):
    pose = ligand.copy()
    energy = receptor.score(pose, charges)
    best = energy
    for step in range(steps):
        R = rotation(rng.standard_normal(3), rng.normal(0.0, 0.3))
        centre = pose.mean(0)
        trial = (pose - centre) @ R.T + centre + rng.normal(0.0, 0.4, 3)
        e = receptor.score(trial, charges)
        if e < energy or rng.random() < np.exp(-(e - energy) / temp):
            pose, energy = trial, e
            best = min(best, energy)
    return pose, best


rng = np.random.default_rng(5)
receptor = Receptor(rng)
ligand = rng.normal(0.0, 1.5, size=(30, 3))
charges = rng.choice([-0.5, 0.0, 0.5], size=30)
pose, best = dock(receptor, ligand, charges, rng, 35)
print(f"best score {best:.4f}, final centre {np.round(pose.mean(0), 3)}")
print(f"result: {best + np.abs(pose).sum():.10e}")
