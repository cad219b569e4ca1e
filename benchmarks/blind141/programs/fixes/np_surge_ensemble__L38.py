# ruff: noqa
"""Ensemble storm-surge forecast for an estuary: each member perturbs the storm's track and
strength, a 2-D linear shallow-water solver advances the water level on a coarse grid, and a
recorder hooked into the solver keeps the along-shore maximum water level at every step, from
which exceedance probabilities of the flood defences are computed."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Member:
    track_shift: float
    strength: float
    drag: np.ndarray


class MaxLevelRecorder:
    def __init__(self, width):
        self.trace = np.empty((0, width))

    def __call__(self, step, eta):
        self.trace = np.concatenate([self.trace, eta.max(axis=0)[None, :]], axis=0)


@dataclass
class Solver:
    ny: int = 16
    nx: int = 400
    dt: float = 0.15
    hooks: list = field(default_factory=list)

    def run(self, member, steps):
        eta = np.zeros((self.ny, self.nx))
        u = np.zeros_like(eta)
        v = np.zeros_like(eta)
        xs = np.arange(self.nx)
        drag = member.drag
        for k in range(steps):
            centre = 50.0 + member.track_shift + 0.25 * k
            wind = member.strength * np.exp(-0.5 * ((xs - centre) / 30.0) ** 2)
            u += self.dt * (-np.gradient(eta, axis=1) + 0.02 * wind[None, :]) - drag[0] * u
            v += self.dt * (-np.gradient(eta, axis=0)) - drag[1] * v
            eta -= self.dt * (np.gradient(u, axis=1) + np.gradient(v, axis=0))
            for hook in self.hooks:
                hook(k, eta)
        return eta


def forecast(n_members, steps, rng):
    solver = Solver()
    exceed = np.zeros(solver.nx)
    finals = []
    for m in range(n_members):
        member = Member(rng.normal(0.0, 20.0), rng.uniform(0.6, 1.4), np.array([0.01, 0.012, 0.0]))
        rec = MaxLevelRecorder(solver.nx)
        solver.hooks = [rec]
        finals.append(solver.run(member, steps))
        exceed += (rec.trace.max(axis=0) > 0.02)
    return exceed / n_members, np.array(finals)


rng = np.random.default_rng(5)
prob, finals = forecast(n_members=4, steps=700, rng=rng)
print(f"cells with flood risk > 50%: {int((prob > 0.5).sum())} of {prob.size}")
print(f"result: {prob.sum() + np.abs(finals).sum():.10e}")
