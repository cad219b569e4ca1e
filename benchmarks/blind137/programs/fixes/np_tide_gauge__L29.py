# ruff: noqa
"""Tide-gauge processing for a set of harbour gauges: one-minute water levels with wave noise
are low-passed and decimated to hourly values, the main tidal constituents (M2, S2, N2, K1, O1) are fitted to the smoothed
record by least squares, and each gauge's chart datum and tidal range are reported."""
from dataclasses import dataclass

import numpy as np
from scipy.signal import detrend, lfilter

CONSTITUENTS = {"M2": 12.4206, "S2": 12.0, "N2": 12.6583, "K1": 23.9345, "O1": 25.8193}


@dataclass
class Gauge:
    name: str
    levels: np.ndarray
    minutes: np.ndarray


class LowPass:
    """First-order low-pass with a time constant in minutes."""

    def __init__(self, tau):
        self.alpha = float(np.exp(-1.0 / tau))

    @staticmethod
    def run(levels, alpha):
        y = levels[0]
        for x in levels:
            y = alpha * y + (1.0 - alpha) * x
            yield y

    def __call__(self, levels):
        a = self.alpha
        return lfilter([1.0 - a], [1.0, -a], levels, zi=[a * levels[0]])[0]


def synth_gauge(name, days, rng):
    t = np.arange(days * 24 * 60, dtype=np.float64)
    hours = t / 60.0
    level = 0.2 * rng.standard_normal()
    for k, period in enumerate(CONSTITUENTS.values()):
        amp = rng.uniform(0.1, 1.6) / (1 + k)
        level = level + amp * np.cos(2 * np.pi * hours / period + rng.uniform(0, 2 * np.pi))
    waves = 0.15 * rng.standard_normal(t.size)
    return Gauge(name, level + waves, t)


def harmonic_fit(minutes, levels):
    hours = minutes / 60.0
    cols = [np.ones_like(hours)]
    for period in CONSTITUENTS.values():
        w = 2 * np.pi * hours / period
        cols += [np.cos(w), np.sin(w)]
    X = np.column_stack(cols)
    coef, *_ = np.linalg.lstsq(X, levels, rcond=None)
    return coef, X @ coef


def report(gauge, smoother):
    smooth = smoother(gauge.levels)[::60]
    coef, fitted = harmonic_fit(gauge.minutes[::60], smooth)
    amps = np.hypot(coef[1::2], coef[2::2])
    lat, hat = fitted.min(), fitted.max()
    datum = np.mean([lat, coef[0] - amps.sum()])
    resid = np.sqrt(np.mean(detrend(smooth - fitted) ** 2))
    return amps, hat - lat, datum, resid


rng = np.random.default_rng(5)
gauges = [synth_gauge(f"G{i:02d}", 180, rng) for i in range(10)]
smoother = LowPass(tau=6.0)
total = 0.0
for g in gauges:
    amps, rng_m, datum, resid = report(g, smoother)
    print(f"{g.name}: M2 {amps[0]:.3f} m, range {rng_m:.2f} m, datum {datum:+.3f} m, rms {resid:.3f} m")
    total += amps.sum() + rng_m + datum + resid
print(f"result: {total:.10e}")
