# ruff: noqa
"""Integrates the planar restricted three-body problem (a probe moving under two primaries in
the rotating frame) with a fixed-step RK4 driver that reports every step to an observer. The
observer keeps the trajectory and the times of close approaches to the smaller primary; the
Jacobi constant's drift measures the integration error. Prints the drift, the number of close
approaches and a checksum."""

import math

import numpy as np

MU = 0.0121505  # Earth-Moon mass ratio


def rhs(t, y):
    x, yy, vx, vy = y
    r1 = np.hypot(x + MU, yy)
    r2 = np.hypot(x - 1.0 + MU, yy)
    ax = x + 2.0 * vy - (1.0 - MU) * (x + MU) / r1**3 - MU * (x - 1.0 + MU) / r2**3
    ay = yy - 2.0 * vx - (1.0 - MU) * yy / r1**3 - MU * yy / r2**3
    return np.array([vx, vy, ax, ay])


def jacobi(states):
    x, yy, vx, vy = states[:, 1], states[:, 2], states[:, 3], states[:, 4]
    r1 = np.hypot(x + MU, yy)
    r2 = np.hypot(x - 1.0 + MU, yy)
    return x**2 + yy**2 + 2.0 * (1.0 - MU) / r1 + 2.0 * MU / r2 - vx**2 - vy**2


def integrate(f, y0, dt, n_steps, observer):
    y, t = y0, 0.0
    for _ in range(n_steps):
        k1 = f(t, y)
        k2 = f(t + dt / 2, y + dt / 2 * k1)
        k3 = f(t + dt / 2, y + dt / 2 * k2)
        k4 = f(t + dt, y + dt * k3)
        y = y + dt / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4)
        t += dt
        observer(t, y)
    return y


class Recorder:
    def __init__(self, y0, radius):
        self.states = np.concatenate([[0.0], y0])[None, :]
        self.approaches = np.empty(0)
        self.radius = radius
        self.inside = False

    def __call__(self, t, y):
        self.states = np.vstack([self.states, np.concatenate([[t], y])])
        y0_, y1_ = y[:2].tolist()
        near = math.hypot(y0_ - 1.0 + MU, y1_) < self.radius
        if near and not self.inside:
            self.approaches = np.append(self.approaches, t)
        self.inside = near


y0 = np.array([0.8, 0.0, 0.0, 0.5])
rec = Recorder(y0, radius=0.3)
integrate(rhs, y0, 2e-3, 20000, rec)
cj = jacobi(rec.states)
drift = float(np.abs(cj - cj[0]).max())
print(f"Jacobi drift {drift:.3e}, close approaches {len(rec.approaches)}")
print(f"result: {float(rec.states[:, 1:3].sum()) + float(rec.approaches.sum()) + drift:.10e}")
