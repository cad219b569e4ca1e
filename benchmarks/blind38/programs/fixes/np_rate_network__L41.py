# ruff: noqa
"""Firing-rate model of a cortical column: excitatory and inhibitory populations with random
sparse-ish recurrent weights, heterogeneous membrane time constants, a slowly drifting external
drive, Euler integration, and a summary of mean rates and population synchrony."""
from dataclasses import dataclass

import numpy as np


@dataclass
class Population:
    n_exc: int
    n_inh: int
    tau_ms: list

    @property
    def size(self):
        return self.n_exc + self.n_inh


def make_weights(pop, rng):
    n = pop.size
    w = rng.standard_normal((n, n)).astype(np.float32) / np.float32(np.sqrt(n))
    w[:, pop.n_exc:] *= np.float32(-1.6)
    return w


def drive(t, n, phase):
    return np.float32(0.8) + np.float32(0.3) * np.sin(np.float32(0.002) * t + phase)


class RateModel:
    def __init__(self, pop, w, dt=0.5):
        self.w = w
        self.tau = np.array(pop.tau_ms, dtype=np.float32)
        self.dt = dt
        self.phase = np.linspace(0, 2 * np.pi, pop.size, dtype=np.float32)

    def step(self, r, t):
        inp = self.w @ r + drive(t, r.shape[0], self.phase)
        return r + (self.dt / self.tau) * (-r + np.tanh(inp))


def simulate(model, r0, n_steps, every=25):
    r = r0
    trace = []
    for t in range(n_steps):
        r = model.step(r, t)
        if t % every == 0:
            trace.append(float(r.mean()))
    return r, np.array(trace)


rng = np.random.default_rng(11)
pop = Population(1600, 400, list(rng.uniform(8.0, 25.0, size=2000)))
w = make_weights(pop, rng)
model = RateModel(pop, w)
r0 = np.zeros(pop.size, dtype=np.float32)
r, trace = simulate(model, r0, 1300)
sync = float(np.std(trace) / (np.mean(np.abs(trace)) + 1e-9))
print(f"mean rate {float(r.mean()):.5f}, synchrony {sync:.4f}")
print(f"result: {float(np.abs(r).sum()) + sync:.10e}")
