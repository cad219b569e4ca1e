# ruff: noqa
"""Substrate-moisture monitoring for a shiitake log yard: every grow bag's probe logs a reading a
minute; the readings are calibrated, smoothed, and each bag's dry spells (smoothed moisture under
the watering threshold) and spectral day-cycle strength are reported."""
import numpy as np
from scipy.signal import periodogram

N_BAGS = 44
N_READINGS = 90_000
ALPHA = 0.97


class ProbeCalibration:
    """Three-point calibration of a probe (raw counts -> volumetric moisture)."""

    def __init__(self, rng):
        self.points = np.array([[1.0, 200.0, 200.0**2], [1.0, 500.0, 500.0**2], [1.0, 800.0, 800.0**2]])
        self.targets = np.array([0.10, 0.35, 0.62]) + rng.normal(0.0, 0.01, 3)

    def coefficients(self):
        return POINTS_INV @ self.targets


def exp_smooth(readings, alpha):
    level = readings[0]
    for x in readings:
        level = alpha * level + (1.0 - alpha) * x
        yield level


def dry_spells(smooth, threshold):
    below = smooth < threshold
    starts = np.flatnonzero(below[1:] & ~below[:-1])
    return len(starts), below.mean()


def day_cycle(readings):
    _, power = periodogram(readings, detrend="constant")
    k = len(readings) // 1440
    return np.sqrt(power[k] / power[1:].mean())


def simulate_raw(rng):
    t = np.arange(N_READINGS)
    drift = np.cumsum(rng.normal(0.0, 0.4, N_READINGS))
    return 520.0 + 90.0 * np.sin(2 * np.pi * t / 1440.0) + drift + rng.normal(0.0, 25.0, N_READINGS)


POINTS_INV = np.linalg.inv(np.array([[1.0, 200.0, 200.0**2], [1.0, 500.0, 500.0**2], [1.0, 800.0, 800.0**2]]))
rng = np.random.default_rng(3)
checksum = 0.0
for bag in range(N_BAGS):
    raw = simulate_raw(rng)
    c0, c1, c2 = ProbeCalibration(rng).coefficients()
    moisture = c0 + c1 * raw + c2 * raw * raw
    smooth = np.fromiter(exp_smooth(moisture, ALPHA), dtype=np.float64, count=len(moisture))
    spells, frac = dry_spells(smooth, 0.36)
    cycle = day_cycle(moisture)
    if bag < 5:
        print(f"bag {bag:02d}: {spells} dry spells, {100 * frac:.1f}% of time dry, cycle {cycle:.2f}")
    checksum += smooth.sum() + spells + frac + cycle
print(f"result: {checksum:.10e}")
