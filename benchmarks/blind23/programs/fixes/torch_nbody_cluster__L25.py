"""Softened-gravity N-body simulation of a small star cluster in PyTorch with a leapfrog
(kick-drift-kick) integrator; reports the kinetic energy along the run and the final half-mass
radius."""
import numpy as np
import torch


class Cluster:
    def __init__(self, n, rng):
        self.pos = torch.from_numpy(rng.standard_normal((n, 3)).astype(np.float32))
        self.vel = torch.from_numpy(0.1 * rng.standard_normal((n, 3)).astype(np.float32))
        masses = rng.uniform(0.5, 1.5, size=n)
        self.mass = torch.from_numpy((masses / masses.sum()).astype(np.float32))


class Simulator:
    def __init__(self, cluster, dt=0.01, softening=0.05):
        self.c = cluster
        self.dt = dt
        self.eps2 = softening ** 2

    def accel(self, pos):
        d = pos[None, :, :] - pos[:, None, :]
        r2 = (d * d).sum(-1) + self.eps2
        w = r2.pow(-1.5) * self.c.mass[None, :]
        return (d * w.unsqueeze(-1)).sum(1)

    def step(self, pos, vel, acc):
        vel = vel + 0.5 * self.dt * acc
        pos = pos + self.dt * vel
        acc = self.accel(pos)
        vel = vel + 0.5 * self.dt * acc
        return pos, vel, acc

    def kinetic(self, vel):
        return 0.5 * float((self.c.mass * (vel.double() ** 2).sum(1)).sum())

    def run(self, n_steps, every=10):
        pos, vel = self.c.pos, self.c.vel
        acc = self.accel(pos)
        energies = []
        for t in range(n_steps):
            pos, vel, acc = self.step(pos, vel, acc)
            if t % every == 0:
                energies.append(self.kinetic(vel))
        return pos, vel, energies


def half_mass_radius(pos, mass):
    r = pos.norm(dim=1)
    order = torch.argsort(r)
    cum = torch.cumsum(mass[order], 0)
    return float(r[order][torch.searchsorted(cum, torch.tensor([0.5], dtype=cum.dtype))])


torch.manual_seed(0)
rng = np.random.default_rng(5)
cluster = Cluster(800, rng)
sim = Simulator(cluster)
pos, vel, energies = sim.run(50)
print(f"kinetic energy: first {energies[0]:.6f}, last {energies[-1]:.6f}")
rh = half_mass_radius(pos.double(), cluster.mass.double())
print(f"result: {rh + sum(energies):.10e}")
