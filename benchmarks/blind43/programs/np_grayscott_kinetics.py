# ruff: noqa
"""Gray-Scott reaction-diffusion on a periodic float32 grid (U + 2V -> 3V, V -> P), integrated
with explicit Euler from a seeded perturbation; reports the final coverage of V and the mean
concentrations."""
from dataclasses import dataclass

import numpy as np


@dataclass
class Kinetics:
    feed: float
    kill: float
    du: float = 0.16
    dv: float = 0.08

    def constants(self):
        return np.array([self.feed, self.kill, self.du, self.dv])


def laplacian(z):
    return (np.roll(z, 1, 0) + np.roll(z, -1, 0) + np.roll(z, 1, 1) + np.roll(z, -1, 1)) - 4.0 * z


class Reactor:
    def __init__(self, n, kinetics, rng):
        self.k = kinetics.constants()
        self.u = np.ones((n, n), dtype=np.float32)
        self.v = np.zeros((n, n), dtype=np.float32)
        c = slice(n // 2 - 8, n // 2 + 8)
        self.u[c, c] = 0.5
        self.v[c, c] = 0.25
        noise = rng.random((n, n))
        self.u += (0.02 * noise).astype(np.float32)

    def step(self, dt):
        feed, kill, du, dv = self.k
        uvv = self.u * self.v * self.v
        self.u = self.u + dt * (du * laplacian(self.u) - uvv + feed * (1.0 - self.u))
        self.v = self.v + dt * (dv * laplacian(self.v) + uvv - (feed + kill) * self.v)


rng = np.random.default_rng(3)
reactor = Reactor(320, Kinetics(feed=0.037, kill=0.06), rng)
for t in range(2200):
    reactor.step(1.0)
    if t % 550 == 0:
        print(f"step {t}: mean v {reactor.v.mean():.5f}")
coverage = float((reactor.v > 0.1).mean())
print(f"coverage of v above 0.1: {coverage:.4f}")
print(f"result: {coverage + float(reactor.u.mean()) + float(reactor.v.mean()):.10e}")
