# ruff: noqa
"""Apiary scale monitoring: simulates a season of hive-scale readings (one every 5 minutes) for
the hives of four apiaries, smooths them, flags swarm days from the daily weight swing and prints
a season report per apiary."""
from dataclasses import dataclass

import numpy as np

READS_PER_DAY = 288
APIARIES = ["north-orchard", "heather-moor", "river-lime", "town-roof"]


@dataclass
class HiveDay:
    hive: int
    day: int
    weights: np.ndarray

    @property
    def swing(self):
        return max(self.weights) - min(self.weights)

    @property
    def net_gain(self):
        return float(self.weights[-1] - self.weights[0])


def simulate_hive(rng, n_days):
    t = np.arange(n_days * READS_PER_DAY) / READS_PER_DAY
    flow = 0.9 * np.sin(np.pi * t / n_days) ** 2
    forage = -0.5 * np.sin(2 * np.pi * (t - 0.3)).clip(0, None)
    rain = np.repeat(rng.random(n_days) < 0.2, READS_PER_DAY) * -0.3
    drift = np.cumsum((flow + rain) / READS_PER_DAY)
    noise = rng.normal(0.0, 0.04, t.size)
    swarms = np.repeat(rng.random(n_days) < 0.03, READS_PER_DAY) * rng.uniform(1.5, 3.0)
    w = 32.0 + drift + forage + noise - np.cumsum(swarms / READS_PER_DAY)
    return w.reshape(n_days, READS_PER_DAY)


def smooth(w, k=15):
    kernel = np.hanning(k)
    kernel /= kernel.sum()
    flat = np.convolve(w.ravel(), kernel, mode="same")
    return flat.reshape(w.shape)


def season(n_hives, n_days, rng):
    apiary_of = np.arange(n_hives) % len(APIARIES)
    gains = np.zeros(n_hives)
    swarm_days = np.zeros(n_hives, dtype=np.int64)
    calm_days = np.zeros(n_hives, dtype=np.int64)
    spectra = np.zeros(n_hives)
    for h in range(n_hives):
        raw = simulate_hive(rng, n_days)
        w = smooth(raw)
        spectra[h] = np.abs(np.fft.rfft(raw.ravel() - raw.mean()))[1:50].sum()
        for d in range(n_days):
            day = HiveDay(h, d, w[d])
            if day.swing > 1.2:
                swarm_days[h] += 1
            elif day.swing < 0.35:
                calm_days[h] += 1
            gains[h] += day.net_gain
    return apiary_of, gains, swarm_days + 1000 * calm_days, spectra


rng = np.random.default_rng(11)
apiary_of, gains, swarm_days, spectra = season(120, 150, rng)
means = np.bincount(apiary_of, weights=gains) / np.bincount(apiary_of)
report = dict(zip(APIARIES, means))
for name, g in report.items():
    print(f"{name:>14}: mean season gain {g:7.2f} kg")
print(f"swarm days: {int(swarm_days.sum())}")
print(f"result: {sum(report.values()) + swarm_days.sum() + spectra.sum() * 1e-3:.10e}")
