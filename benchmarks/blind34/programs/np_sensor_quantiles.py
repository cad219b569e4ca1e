# ruff: noqa
"""Condition monitoring of a fleet of vibration sensors: rolling windows over each sensor's
stream, a robust level (a high quantile of the window) and its spread, alarms when a window's
level leaves the band learned from the first hour, and counts of alarms per sensor kind."""
import numpy as np

KINDS = {"bearing": 0, "gearbox": 1, "motor": 2}
QUANTILES = [0.9, 0.95, 0.99]


def windows(stream, size, step):
    for start in range(0, stream.size - size + 1, step):
        yield stream[start:start + size]


def robust_level(window, q=0.95):
    ordered = sorted(window)
    k = int(q * (len(ordered) - 1))
    return ordered[k]


def spread(window):
    lo, hi = np.percentile(window, [25, 75])
    return hi - lo


def monitor(stream, size=120, step=30, warmup=40):
    levels = np.array([robust_level(w) for w in windows(stream, size, step)])
    spreads = np.array([spread(w) for w in windows(stream, size, step)])
    base = levels[:warmup]
    band = base.mean() + 4 * base.std()
    return levels, spreads, int((levels > band).sum())


rng = np.random.default_rng(21)
n_sensors, n_samples = 45, 40000
alarms = {k: 0 for k in KINDS}
checks = []
for s in range(n_sensors):
    kind = list(KINDS)[s % 3]
    x = rng.standard_normal(n_samples) * (1 + KINDS[kind] * 0.2)
    fault_at = rng.integers(n_samples // 2, n_samples)
    x[fault_at:] += 2.0 * np.sin(np.arange(n_samples - fault_at) * 0.3)
    levels, spreads, n_alarms = monitor(x)
    alarms[kind] += n_alarms
    checks.append(levels.mean() + spreads.mean())
total = sum(alarms.values())
worst_q = min(QUANTILES)
print("alarms per kind:", alarms, "total", total, "lowest quantile", worst_q)
print(f"result: {sum(checks) + total:.10e}")
