"""Gray-Scott reaction-diffusion on a periodic float32 grid.

A small Simulator class holds the two concentration fields and the model parameters, steps
them with explicit Euler and reports the mean of the V field every few hundred steps.
"""
from dataclasses import dataclass

import numpy as np


@dataclass
class Params:
    du: float = 0.16
    dv: float = 0.08
    feed: float = 0.035
    kill: float = 0.060
    dt: float = 1.0


def laplacian(z):
    return (np.roll(z, 1, 0) + np.roll(z, -1, 0) + np.roll(z, 1, 1) + np.roll(z, -1, 1) - 4.0 * z)


class Simulator:
    def __init__(self, n, params, seed=0):
        rng = np.random.default_rng(seed)
        self.p = params
        self.u = np.ones((n, n), dtype=np.float32)
        self.v = np.zeros((n, n), dtype=np.float32)
        c = slice(n // 2 - 10, n // 2 + 10)
        self.u[c, c] = 0.50
        self.v[c, c] = 0.25
        self.u += 0.02 * rng.random((n, n), dtype=np.float32)
        self.v += 0.02 * rng.random((n, n), dtype=np.float32)

    @property
    def rates(self):
        p = self.p
        return p.du * p.dt, p.dv * p.dt, p.feed * p.dt, (p.feed + p.kill) * p.dt

    def step(self):
        ru, rv, f, fk = self.rates
        uvv = self.u * self.v * self.v
        self.u = self.u + ru * laplacian(self.u) - p_dt(self.p) * uvv + f * (1.0 - self.u)
        self.v = self.v + rv * laplacian(self.v) + p_dt(self.p) * uvv - fk * self.v


def p_dt(p):
    return p.dt


def run(n=512, steps=900):
    sim = Simulator(n, Params())
    history = []
    for t in range(steps):
        sim.step()
        if t % 200 == 0:
            history.append(float(np.mean(sim.v, dtype=np.float64)))
    return sim, history


if __name__ == "__main__":
    sim, hist = run()
    print("result:", float(sim.v.sum(dtype=np.float64)) + sum(hist))
