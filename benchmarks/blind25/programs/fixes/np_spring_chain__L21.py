"""Spring-mass chain integrated with backward Euler: masses joined by springs of random
stiffness, driven by a periodic force at one end, with an energy log every 100 steps and a
checksum of the final displacements and velocities."""
from dataclasses import dataclass
from functools import cached_property

import numpy as np


@dataclass
class Chain:
    stiffness: np.ndarray
    masses: np.ndarray
    dt: float

    @property
    def system(self):
        return np.diag(self.masses) + self.dt ** 2 * self.stiffness

    @cached_property
    def solver(self):
        return np.linalg.inv(self.system)


def make_chain(n, rng):
    k = rng.uniform(50.0, 150.0, size=n + 1)
    stiff = np.zeros((n, n))
    idx = np.arange(n)
    stiff[idx, idx] = k[:-1] + k[1:]
    stiff[idx[:-1], idx[:-1] + 1] = -k[1:-1]
    stiff[idx[1:], idx[1:] - 1] = -k[1:-1]
    return Chain(stiff, rng.uniform(0.5, 2.0, size=n), 0.002)


def step(chain, x, v, force):
    rhs = chain.masses * v - chain.dt * (chain.stiffness @ x) + chain.dt * force
    v_new = chain.solver @ rhs
    return x + chain.dt * v_new, v_new


def energy(chain, x, v):
    return 0.5 * float(chain.masses @ (v * v)) + 0.5 * float(x @ (chain.stiffness @ x))


def main():
    rng = np.random.default_rng(7)
    chain = make_chain(180, rng)
    x = rng.normal(0.0, 0.01, size=180)
    v = np.zeros(180)
    force = np.zeros(180)
    energies = np.empty(0)
    for t in range(2300):
        force[0] = np.sin(0.05 * t)
        x, v = step(chain, x, v, force)
        if t % 100 == 0:
            energies = np.append(energies, energy(chain, x, v))
    checksum = float(np.abs(x).sum() + np.abs(v).sum() + energies.sum())
    print("result:", round(checksum, 8))


if __name__ == "__main__":
    main()
