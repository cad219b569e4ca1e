"""Softened N-body simulation of a small star cluster with a leapfrog integrator.

Positions and velocities are float32 torch tensors; a Cluster object holds the particle
masses and computes pairwise gravitational accelerations. A hook records the total energy
at a fixed interval.
"""
import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


class Cluster:
    def __init__(self, n, seed=0, soft=0.05):
        g = torch.Generator().manual_seed(seed)
        self.pos = torch.randn(n, 3, generator=g).to(device)
        self.vel = 0.1 * torch.randn(n, 3, generator=g).to(device)
        self.mass = torch.from_numpy(np.linspace(0.5, 1.5, n) / n).to(device)
        self.soft2 = soft * soft

    def accel(self):
        diff = self.pos[None, :, :] - self.pos[:, None, :]
        r2 = (diff * diff).sum(-1) + self.soft2
        inv_r3 = r2.rsqrt() ** 3
        return (diff * (self.mass[None, :] * inv_r3)[:, :, None]).sum(1)

    def energy(self):
        p, v, m = self.pos.double(), self.vel.double(), self.mass.double()
        kin = 0.5 * (m * (v * v).sum(-1)).sum()
        d = torch.cdist(p, p)
        pot = -0.5 * (m[:, None] * m[None, :] / torch.sqrt(d * d + self.soft2)).sum()
        return float(kin + pot)


def leapfrog(cluster, steps, dt, hook=None, every=50):
    a = cluster.accel()
    for t in range(steps):
        cluster.vel = cluster.vel + 0.5 * dt * a
        cluster.pos = cluster.pos + dt * cluster.vel
        a = cluster.accel()
        cluster.vel = cluster.vel + 0.5 * dt * a
        if hook is not None and t % every == 0:
            hook(t, cluster)


if __name__ == "__main__":
    torch.manual_seed(0)
    energies = []
    cl = Cluster(700)
    leapfrog(cl, 120, 1e-3, hook=lambda t, c: energies.append(c.energy()))
    print("result:", round(float(cl.pos.double().abs().sum()) + sum(energies), 4))
