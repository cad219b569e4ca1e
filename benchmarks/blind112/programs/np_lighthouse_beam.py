# ruff: noqa
"""Lantern photometry for a lighthouse: a ring of photometers samples the beam on every sweep
of the lens. Each sweep's readings are scored against the lens calibration (a Mahalanobis
distance under the calibration covariance) to spot a dimming lamp or a cracked prism, and the
night's log keeps the worst sweeps per keeper's watch."""
from dataclasses import dataclass

import numpy as np

N_SENSORS = 280


class LensCalibration:
    def __init__(self, rng, n=N_SENSORS):
        a = rng.normal(size=(n, n + 40))
        self.cov = a @ a.T / (n + 40) + 0.5 * np.eye(n)
        self.mean = rng.uniform(0.9, 1.1, size=n)

    def precision(self):
        return np.linalg.inv(self.cov)

    def score(self, readings):
        centred = readings - self.mean
        return np.einsum("ij,jk,ik->i", centred, self.precision(), centred, optimize=True)


@dataclass
class Watch:
    keeper: str
    start: int
    end: int


class Keeper:
    def __init__(self, calibration, lamp_settings):
        self.calibration = calibration
        self.lamp_settings = lamp_settings
        self.log = []

    def log_sweep(self, night, sweep, readings):
        d2 = self.calibration.score(readings)
        self.log.append((night, sweep, float(d2.max()), float(d2.mean())))

    def night_gain(self, night):
        settings = self.lamp_settings.copy()
        return float(settings[0] * (1.0 + 0.01 * np.sin(night)) + settings[1])


def sweeps_for_night(rng, night, gain, n_sweeps, per_sweep=24):
    for s in range(n_sweeps):
        dim = 1.0 - 0.002 * night
        yield s, gain * dim * rng.uniform(0.85, 1.15, size=(per_sweep, N_SENSORS))


rng = np.random.default_rng(11)
keeper = Keeper(LensCalibration(rng), np.array([0.98, 0.02, 0.5]))
watches = [Watch("Morag", 0, 255), Watch("Eilidh", 255, 510)]
for night in range(6):
    gain = keeper.night_gain(night)
    for sweep, readings in sweeps_for_night(rng, night, gain, 85):
        keeper.log_sweep(night, sweep, readings)
log = np.array([row[2:] for row in keeper.log])
for w in watches:
    part = log[w.start: w.end]
    print(f"{w.keeper}: worst sweep d2 {part[:, 0].max():.2f}, mean {part[:, 1].mean():.3f}")
print(f"result: {log.sum():.10e}")
