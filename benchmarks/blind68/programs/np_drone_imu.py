# ruff: noqa
"""Drone flight-log processing: low-pass smoothing of the three accelerometer axes of each
flight, vertical speed by integration, and the peak climb and heading change per flight."""
from functools import partial

import numpy as np


def smooth(signal, alpha):
    out = np.empty_like(signal)
    out[0] = signal[0]
    for i in range(1, len(signal)):
        out[i] = alpha * out[i - 1] + (1.0 - alpha) * signal[i]
    return out


def heading(dx, dy):
    return np.degrees(np.arctan2(dy, dx)) % 360.0


class FlightLog:
    def __init__(self, rng, n_samples, dt=0.01):
        self.dt = dt
        t = np.arange(n_samples) * dt
        base = np.stack([np.sin(0.3 * t), np.cos(0.2 * t), 0.5 * np.sin(0.05 * t)], axis=1)
        self.accel = base + rng.normal(0.0, 0.4, (n_samples, 3))
        self.waypoints = rng.uniform(-100.0, 100.0, (6, 2))

    def processed(self, alpha):
        filt = list(map(partial(smooth, alpha=alpha), self.accel.T))
        return np.stack(filt, axis=1)


rng = np.random.default_rng(3)
summary = []
for flight in range(12):
    log = FlightLog(rng, 250000)
    acc = log.processed(alpha=0.94)
    vz = np.cumsum(acc[:, 2]) * log.dt
    legs = np.diff(log.waypoints, axis=0)
    turn = np.vectorize(heading)(legs[:, 0], legs[:, 1])
    summary.append((vz.max(), np.abs(np.diff(turn)).sum(), acc.std(axis=0).sum()))
summary = np.array(summary)
print("peak climb per flight:", np.round(summary[:, 0], 3))
print(f"result: {summary.sum():.10e}")
