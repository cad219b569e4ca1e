# ruff: noqa
"""Softened N-body simulation of a small star cluster in PyTorch: bodies with random masses in a
Plummer-like sphere, pairwise gravitational accelerations by broadcasting, a leapfrog integrator
that takes the force law as a callback, and a kinetic-energy diagnostic every few steps."""
from dataclasses import dataclass

import numpy as np
import torch

torch.manual_seed(0)


@dataclass
class Bodies:
    pos: torch.Tensor
    vel: torch.Tensor
    mass: torch.Tensor


def softened_gravity(pos, mass, eps=0.05):
    diff = pos[None, :, :] - pos[:, None, :]
    r2 = (diff * diff).sum(-1) + eps * eps
    inv_r3 = r2.rsqrt() ** 3
    return (diff * (mass[None, :] * inv_r3)[:, :, None]).sum(1)


class Leapfrog:
    def __init__(self, force, dt):
        self.force = force
        self.dt = dt

    def step(self, b):
        acc = self.force(b.pos, b.mass)
        vel = b.vel + 0.5 * self.dt * acc
        pos = b.pos + self.dt * vel
        vel = vel + 0.5 * self.dt * self.force(pos, b.mass)
        return Bodies(pos, vel, b.mass)


def make_cluster(n, rng):
    r = 1.0 / np.sqrt(rng.uniform(0.05, 1.0, size=n) ** (-2 / 3) - 1)
    direction = rng.normal(size=(n, 3))
    direction /= np.linalg.norm(direction, axis=1, keepdims=True)
    pos = torch.tensor(r[:, None] * direction, dtype=torch.float32)
    vel = 0.1 * torch.randn(n, 3)
    mass = torch.from_numpy(rng.uniform(0.5, 1.5, size=n) / n)
    return Bodies(pos, vel, mass)


rng = np.random.default_rng(21)
bodies = make_cluster(600, rng)
integrator = Leapfrog(softened_gravity, dt=1e-3)
kinetic = []
with torch.no_grad():
    for step in range(100):
        bodies = integrator.step(bodies)
        if step % 10 == 0:
            v = bodies.vel.double()
            kinetic.append(float(0.5 * (bodies.mass.double() * (v * v).sum(1)).sum()))
print("kinetic energy:", ["%.5f" % k for k in kinetic[:4]])
print("result:", "%.10e" % (sum(kinetic) + float(bodies.pos.abs().sum())))
