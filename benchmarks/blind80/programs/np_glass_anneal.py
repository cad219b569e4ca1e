# ruff: noqa
"""Annealing of float-glass panes: 1-D heat conduction through each pane's thickness with
Crank-Nicolson steps under a lehr (furnace) cooling schedule, run until the panes are cool
enough to leave the lehr; reports the peak through-thickness temperature gradient (a proxy for
residual stress) of every pane."""
import numpy as np


class Pane:
    def __init__(self, n_nodes, thickness, diffusivity, dt):
        self.n = n_nodes
        self.dx = thickness / (n_nodes - 1)
        r = diffusivity * dt / self.dx**2
        lap = (np.diag(np.full(n_nodes, -2.0)) + np.diag(np.ones(n_nodes - 1), 1)
               + np.diag(np.ones(n_nodes - 1), -1))
        lap[0, 1] = 2.0
        lap[-1, -2] = 2.0
        self.lhs = np.eye(n_nodes) - 0.5 * r * lap
        self.rhs = np.eye(n_nodes) + 0.5 * r * lap
        self.r = r

    @property
    def propagator(self):
        return np.linalg.inv(self.lhs) @ self.rhs


class Lehr:
    def __init__(self, start, rate, floor):
        self.start, self.rate, self.floor = start, rate, floor

    def air(self, t):
        return max(self.floor, self.start - self.rate * t)


def surface_exchange(temps, air, h):
    out = np.zeros_like(temps)
    out[0] = h * (air - temps[0])
    out[-1] = h * (air - temps[-1])
    return out


def gradient_peak(temps, dx):
    profile = temps.T
    return np.abs(np.diff(profile, axis=1)).max(axis=1) / dx


def anneal(pane, lehr, temps, dt, exit_temp):
    t = 0.0
    peak = np.zeros(temps.shape[1])
    steps = 0
    while temps.max() > exit_temp:
        air = lehr.air(t)
        temps = pane.propagator @ temps + surface_exchange(temps, air, 0.02)
        if steps % 10 == 0:
            peak = np.maximum(peak, gradient_peak(temps, pane.dx))
        t += dt
        steps += 1
    return temps, peak, steps


rng = np.random.default_rng(3)
pane = Pane(n_nodes=160, thickness=0.012, diffusivity=5e-7, dt=0.5)
temps = np.tile(rng.uniform(560.0, 600.0, size=(1, 96)), (160, 1))
lehr = Lehr(start=560.0, rate=0.9, floor=20.0)
temps, peak, steps = anneal(pane, lehr, temps, dt=0.5, exit_temp=470.0)
print(f"{steps} steps, worst gradient {peak.max():.3f} K/m")
print(f"result: {peak.sum() + temps.sum():.10e}")
