# ruff: noqa
"""Annealing schedule check for a glassblowing studio's kiln: 1-D heat conduction through the
wall of each blown piece (implicit Euler), a ramp-hold-cool kiln program, and the peak thermal
gradient each piece sees, compared against the strain limit of its glass type."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class GlassType:
    name: str
    diffusivity: float
    strain_limit: float


@dataclass
class KilnProgram:
    segments: list = field(default_factory=lambda: [(520.0, 60), (520.0, 90), (430.0, 150), (80.0, 100)])

    def target(self, step):
        t = 0
        start = 560.0
        for temp, length in self.segments:
            if step < t + length:
                frac = (step - t) / length
                return start + frac * (temp - start)
            start = temp
            t += length
        return start

    @property
    def n_steps(self):
        return sum(length for _, length in self.segments)


@dataclass
class WallModel:
    glass: GlassType
    nodes: int = 200
    dt: float = 2.0

    @property
    def step_operator(self):
        dx = 1.0 / (self.nodes - 1)
        r = self.glass.diffusivity * self.dt / dx**2
        main = np.full(self.nodes, 1.0 + 2.0 * r)
        off = np.full(self.nodes - 1, -r)
        system = np.diag(main) + np.diag(off, 1) + np.diag(off, -1)
        system[0, :] = 0.0
        system[-1, :] = 0.0
        system[0, 0] = system[-1, -1] = 1.0
        return np.linalg.inv(system)

    def run(self, program, pieces):
        temp = np.full((self.nodes, pieces), 560.0)
        peak = np.zeros(pieces)
        step = 0
        while step < program.n_steps:
            surface = program.target(step)
            temp[0, :] = surface
            temp[-1, :] = surface
            temp = self.step_operator @ temp
            gradient = np.abs(np.diff(temp, axis=0)).max(axis=0)
            peak = np.maximum(peak, gradient)
            step += 1
        return temp, peak


def cooling_log(segments):
    return np.array([temp / length for temp, length in segments])


rng = np.random.default_rng(11)
types = [GlassType("soda-lime", 2.1e-3, 9.0), GlassType("borosilicate", 1.6e-3, 12.0)]
program = KilnProgram()
report = []
total = 0.0
for glass in types:
    wall = WallModel(glass)
    start = 560.0 + rng.normal(0.0, 4.0, size=(wall.nodes, 48))
    temp, peak = wall.run(program, 48)
    ok = int((peak < glass.strain_limit).sum())
    report.append((glass.name, ok, float(peak.max())))
    total += float(temp.sum()) * 1e-6 + float(peak.sum())
rates = cooling_log(program.segments)
for name, ok, worst in report:
    print(f"{name:>14}: {ok}/48 pieces under strain limit, worst gradient {worst:.3f}")
print(f"result: {total + rates.sum():.10e}")
