# ruff: noqa
"""Sourdough starter monitor: every jar on the bakery's shelf has a distance sensor in its lid that
reads the starter's height once a minute. For each jar the monitor corrects the raw readings with
the sensor's calibration, finds the peak rise after each feeding, totals the gas each jar has made
(from the rise, by a fixed volume per millimetre) and reports how many minutes each jar takes to
peak."""
import numpy as np

MINUTES_PER_DAY = 1440
FEEDS_PER_DAY = 2
GAS_PER_MM = 0.35
SENSOR_MIX = np.array([[1.02, 0.015, -0.004], [0.01, 0.98, 0.002], [-0.003, 0.006, 1.01]])


def accumulated(rates):
    total = 0.0
    for r in rates:
        total += r
        yield total


def gas_volume(rates):
    return np.fromiter(accumulated(rates), dtype=np.float64, count=len(rates))


class Jar:
    def __init__(self, rng, name, days):
        self.name = name
        t = np.arange(days * MINUTES_PER_DAY)
        phase = (t % (MINUTES_PER_DAY // FEEDS_PER_DAY)) / 60.0
        vigour = rng.uniform(0.7, 1.3)
        rise = 40.0 * vigour * phase * np.exp(-phase / (4.0 * vigour))
        self.raw = np.stack([rise, np.full(t.shape, 21.0), np.full(t.shape, 0.5)])
        self.raw[0] += rng.normal(0.0, 1.5, size=t.shape)

    def corrected(self):
        fix = np.linalg.inv(SENSOR_MIX)
        return (fix @ self.raw)[0]

    def rise_profile(self):
        return self.corrected()

    def volume(self):
        return gas_volume(np.maximum(self.corrected(), 0.0) * GAS_PER_MM)


def minutes_to_peak(profile):
    period = MINUTES_PER_DAY // FEEDS_PER_DAY
    cycles = profile[: len(profile) // period * period].reshape(-1, period)
    return cycles.argmax(axis=1)


rng = np.random.default_rng(5)
jars = [Jar(rng, f"jar-{i:02d}", days=40) for i in range(60)]
peaks = {}
total = 0.0
for jar in jars:
    profile = jar.rise_profile()
    peaks[jar.name] = minutes_to_peak(profile)
    volume = jar.volume()
    total += volume[:: MINUTES_PER_DAY // FEEDS_PER_DAY].sum() + profile.sum()
mean_peak = np.mean([p.mean() for p in peaks.values()])
print(f"jars: {len(jars)}, mean minutes to peak: {mean_peak:.1f}")
print(f"result: {total + mean_peak:.10e}")
