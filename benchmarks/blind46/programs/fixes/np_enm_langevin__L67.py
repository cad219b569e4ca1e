# ruff: noqa
"""Overdamped Langevin dynamics of a coarse-grained protein: a synthetic C-alpha chain with an
elastic network of contacts (anisotropic network model springs), integrated with a
hydrodynamic mobility matrix, recording the RMSD to the native fold and the radius of gyration."""
import numpy as np


def synthetic_chain(n, rng):
    steps = rng.normal(size=(n, 3))
    steps /= np.linalg.norm(steps, axis=1, keepdims=True)
    coords = np.cumsum(3.8 * steps, axis=0)
    return coords - coords.mean(axis=0)


class ElasticNetwork:
    def __init__(self, native, cutoff=10.0, k=1.0):
        self.native = native
        d = np.linalg.norm(native[:, None] - native[None], axis=-1)
        i, j = np.nonzero(np.triu(d < cutoff, k=1))
        self.i, self.j = i, j
        self.r0 = d[i, j]
        self.k = k
        n = len(native)
        kirchhoff = np.zeros((n, n))
        np.add.at(kirchhoff, (i, j), -1.0)
        np.add.at(kirchhoff, (j, i), -1.0)
        kirchhoff[np.diag_indices(n)] = -kirchhoff.sum(axis=1)
        self.kirchhoff = kirchhoff

    def forces(self, x):
        d = x[self.j] - x[self.i]
        r = np.linalg.norm(d, axis=1)
        f = (self.k * (r - self.r0) / r)[:, None] * d
        out = np.zeros_like(x)
        np.add.at(out, self.i, f)
        np.add.at(out, self.j, -f)
        return out


class LangevinSimulator:
    def __init__(self, network, dt=0.01, kT=0.6, friction=0.5, seed=3):
        self.net = network
        self.dt = dt
        self.kT = kT
        self.friction = friction
        self.rng = np.random.default_rng(seed)

    @property
    def mobility(self):
        n = len(self.net.native)
        return np.linalg.inv(self.friction * np.eye(n) + 0.02 * self.net.kirchhoff)

    def step(self, x):
        m = self.mobility
        noise = self.rng.normal(size=x.shape)
        return x + self.dt * (m @ self.net.forces(x)) + np.sqrt(2 * self.kT * self.dt / self.friction) * noise

    def run(self, x, n_steps, every=50):
        snapshots = []
        rg = []
        for s in range(n_steps):
            x = self.step(x)
            if s % every == 0:
                snapshots.append(x)
            rg.append(np.sqrt(((x - x.mean(axis=0)) ** 2).sum(axis=1).mean()))
        rmsd = np.array([np.sqrt(((snap - self.net.native) ** 2).sum(axis=1).mean()) for snap in snapshots])
        return x, rmsd, np.array(rg)


rng = np.random.default_rng(5)
native = synthetic_chain(300, rng)
net = ElasticNetwork(native)
sim = LangevinSimulator(net)
x, rmsd, rg = sim.run(native.copy(), 900)
print(f"contacts: {len(net.r0)}, final RMSD {rmsd[-1]:.3f}, mean Rg {rg.mean():.3f}")
print("result:", float(rmsd.sum() + rg.sum()))
