# ruff: noqa
"""Softened N-body integration of a small star cluster (leapfrog, float32 positions and
velocities), with a virial-ratio diagnostic every few hundred steps and the cluster's
half-mass radius at the end."""
from dataclasses import dataclass

import numpy as np


@dataclass
class Cluster:
    pos: np.ndarray
    vel: np.ndarray
    mass: np.ndarray


def plummer(n, rng):
    r = 1.0 / np.sqrt(rng.uniform(0.05, 0.95, n) ** (-2.0 / 3.0) - 1.0)
    direction = rng.normal(size=(n, 3))
    direction /= np.linalg.norm(direction, axis=1, keepdims=True)
    pos = (direction * r[:, None]).astype(np.float32)
    vel = (0.3 * rng.normal(size=(n, 3))).astype(np.float32)
    mass = rng.pareto(2.35, n) + 1.0
    mass = (mass / mass.sum()).astype(np.float32)
    return Cluster(pos, vel, mass)


class Integrator:
    def __init__(self, soft=0.05, G=1.0):
        self.eps2 = np.square(soft)
        self.G = G

    def accelerations(self, c):
        sq = (c.pos * c.pos).sum(axis=1)
        r2 = sq[:, None] + sq[None, :] - 2.0 * (c.pos @ c.pos.T) + self.eps2
        inv3 = 1.0 / (r2 * np.sqrt(r2))
        w = inv3 * c.mass[None, :]
        return self.G * (w @ c.pos - w.sum(axis=1)[:, None] * c.pos)

    def step(self, c, dt):
        c.vel += 0.5 * dt * self.accelerations(c)
        c.pos += dt * c.vel
        c.vel += 0.5 * dt * self.accelerations(c)


def virial_ratio(c):
    kin = 0.5 * np.sum(c.mass[:, None] * c.vel.astype(np.float64) ** 2)
    d = c.pos[None] - c.pos[:, None]
    r = np.sqrt((d * d).sum(axis=2) + 0.0025)
    pot = -0.5 * np.sum(np.outer(c.mass, c.mass) / r)
    return 2.0 * kin / abs(pot)


rng = np.random.default_rng(11)
cluster = plummer(1500, rng)
integ = Integrator()
ratios = []
for k in range(60):
    integ.step(cluster, 1e-3)
    if k % 15 == 0:
        ratios.append(virial_ratio(cluster))
r = np.linalg.norm(cluster.pos, axis=1)
order = np.argsort(r)
half = r[order][np.searchsorted(np.cumsum(cluster.mass[order]), 0.5)]
print(f"virial ratios: {np.round(ratios, 3)}  half-mass radius {half:.4f}")
print(f"result: {half + sum(ratios):.10e}")
