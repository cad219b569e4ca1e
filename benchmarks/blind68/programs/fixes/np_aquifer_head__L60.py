# ruff: noqa
"""Transient flow in a 1-D confined aquifer: implicit finite-difference time stepping of the
hydraulic head with pumping wells and fixed-head boundaries, then drawdown at the observation
wells."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Aquifer:
    transmissivity: np.ndarray
    storativity: float
    dx: float
    wells: dict = field(default_factory=dict)

    @property
    def n(self):
        return self.transmissivity.shape[0]

    def system_matrix(self, dt):
        t = self.transmissivity
        c = 0.5 * (t[:-1] + t[1:]) / self.dx**2
        a = np.diag(np.full(self.n, self.storativity / dt))
        a[np.arange(self.n - 1), np.arange(1, self.n)] -= c
        a[np.arange(1, self.n), np.arange(self.n - 1)] -= c
        a[np.arange(self.n - 1), np.arange(self.n - 1)] += c
        a[np.arange(1, self.n), np.arange(1, self.n)] += c
        a[0, :] = 0.0
        a[-1, :] = 0.0
        a[0, 0] = a[-1, -1] = 1.0
        return a


class Simulator:
    def __init__(self, aquifer, dt, h0):
        self.aquifer = aquifer
        self.dt = dt
        self.A = aquifer.system_matrix(dt)
        self.head = h0.copy()
        self.left, self.right = h0[0], h0[-1]

    def rhs(self):
        b = self.aquifer.storativity / self.dt * self.head
        for idx, q in self.aquifer.wells.items():
            b[idx] -= q / self.aquifer.dx
        b[0], b[-1] = self.left, self.right
        return b

    def step(self):
        self.head = np.linalg.solve(self.A, self.rhs())
        return self.head


def run(sim, n_steps, observe_at, every=25):
    records = []
    for k in range(n_steps):
        head = sim.step()
        if k % every == 0:
            snapshot = head[observe_at]
            records.append(snapshot)
    return np.array(records)


rng = np.random.default_rng(11)
n = 420
log_t = np.cumsum(rng.normal(0.0, 0.08, n))
aq = Aquifer(transmissivity=50.0 * np.exp(log_t - log_t.mean()), storativity=2e-4, dx=10.0,
             wells={120: 0.02, 260: 0.035, 333: 0.01})
h0 = np.linspace(30.0, 28.0, n)
sim = Simulator(aq, dt=0.05, h0=h0)
obs_idx = np.array([100, 140, 250, 300, 400])
records = run(sim, 2000, obs_idx)
drawdown = h0[obs_idx] - records[-1]
print("drawdown at observation wells:", np.round(drawdown, 4))
print(f"result: {records.sum() + 1000.0 * drawdown.sum():.10e}")
