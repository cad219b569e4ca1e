# ruff: noqa
"""Quality control for a fleet of vibration sensors: for each sensor's daily trace, estimate the
mean level and the drift, the RMS of the detrended signal and the fraction of samples outside
each tolerance band, then list the sensors whose RMS is far above the fleet's median."""

import numpy as np

N_SENSORS = 4000
SAMPLES = 8000
TOLERANCE = [0.5, 1.0, 1.5, 2.0]  # band half-widths in g, one per severity level


def trace_stats(trace, t, tc, tss):
    level = trace.sum() / len(trace)
    slope = np.dot(tc, trace - level) / tss
    resid = trace - level - slope * tc
    rms = np.sqrt(np.mean(resid * resid))
    bands = [np.mean(np.abs(resid) > w) for w in TOLERANCE]
    severity = sum(bands) / len(bands)
    return level, slope, rms, severity


rng = np.random.default_rng(7)
t = np.linspace(0.0, 24.0, SAMPLES)
tc = t - t.mean()
tss = np.dot(tc, tc)
stats = []
for s in range(N_SENSORS):
    drift = rng.normal(0.0, 0.01)
    noise = rng.normal(0.0, 0.3 + 0.1 * rng.exponential(), SAMPLES)
    trace = 1.0 + drift * t + noise + 0.2 * np.sin(2.0 * np.pi * t / 6.0 + s)
    stats.append(trace_stats(trace, t, tc, tss))

stats = np.array(stats)
median_rms = np.median(stats[:, 2])
flagged = np.flatnonzero(stats[:, 2] > 1.3 * median_rms)
print(f"{len(flagged)} of {N_SENSORS} sensors flagged")
print(
    f"result: {float(stats[:, 0].sum() + stats[:, 1].sum() + stats[:, 2].sum() + stats[:, 3].sum()):.10e}"
)
