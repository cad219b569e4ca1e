# ruff: noqa
"""Fleet simulation of battery packs with a first-order Thevenin cell model (open-circuit voltage
polynomial in state of charge, series resistance, one RC pair) driven by a synthetic drive cycle;
reports the mean final state of charge, the terminal-voltage spread and the energy drawn."""
from dataclasses import dataclass

import numpy as np


@dataclass
class CellParams:
    capacity: np.ndarray
    r0: np.ndarray
    r1: np.ndarray
    c1: np.ndarray


def make_params(n, rng):
    cap = rng.normal(2.5 * 3600, 60.0, size=n).astype(np.float32)
    r0 = rng.uniform(0.015, 0.025, size=n).astype(np.float32)
    r1 = rng.uniform(0.01, 0.02, size=n).astype(np.float32)
    c1 = rng.uniform(1500.0, 2500.0, size=n).astype(np.float32)
    return CellParams(cap, r0, r1, c1)


class PackSimulator:
    OCV = (3.0, 1.6, -1.2, 0.8)

    def __init__(self, params, dt, rng):
        n = params.capacity.shape[0]
        self.p = params
        self.dt = dt
        self.soc = np.full(n, 0.95, dtype=np.float32)
        self.v_rc = np.zeros(n, dtype=np.float32)
        self.decay = np.exp(-dt / (params.r1 * params.c1)).astype(np.float32)
        self.fade = 1.0 - 0.05 * rng.random(n)

    def ocv(self, soc):
        c0, c1, c2, c3 = self.OCV
        return c0 + soc * (c1 + soc * (c2 + soc * c3))

    def step(self, current):
        self.soc = self.soc - current * self.dt / (self.p.capacity * self.fade)
        self.v_rc = self.decay * self.v_rc + (1.0 - self.decay) * self.p.r1 * current
        return self.ocv(self.soc) - self.v_rc - self.p.r0 * current


def drive_cycle(n_steps):
    t = np.arange(n_steps)
    amps = 2.0 + 1.5 * np.sin(t / 37.0) + 0.8 * np.sin(t / 5.3) ** 2
    return amps.astype(np.float32)


rng = np.random.default_rng(11)
sim = PackSimulator(make_params(400_000, rng), dt=1.0, rng=rng)
load = drive_cycle(450)
weights = [0.5, 0.3, 0.2]
scale = sum(weights)
energy = 0.0
for k, amps in enumerate(load):
    v = sim.step(amps * scale)
    if k % 50 == 0:
        energy += float(np.sum(v, dtype=np.float64)) * amps
spread = float(v.max() - v.min())
print(f"mean soc {float(sim.soc.mean()):.4f}, spread {spread:.4f} V, energy {energy:.1f}")
print(f"result: {float(sim.soc.mean()) + spread + energy * 1e-9:.10e}")
