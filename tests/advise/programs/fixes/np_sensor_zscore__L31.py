# ruff: noqa
"""Online anomaly flags for four simulated temperature sensors: each reading is scored against
the sensor's mean and spread so far (a z-score), readings beyond three deviations are flagged,
and a short-window trend is logged every tenth reading. Prints the flags per sensor and a
checksum."""
import numpy as np

rng = np.random.default_rng(11)
flags = []
zsum = 0.0
trend = []
spreads = []
for sensor in range(4):
    drift = 0.0002 * (sensor + 1)
    readings = 20.0 + 0.5 * rng.standard_normal(6_000) + drift * np.arange(6_000)
    spikes = rng.choice(6_000, size=15, replace=False)
    readings[spikes] += rng.choice([-4.0, 4.0], size=15)
    history = []
    n_flags = 0
    for k, x in enumerate(readings.tolist()):
        history.append(x)
        if k < 30:
            continue
        mu = np.mean(history)
        sd = np.std(history)
        z = (x - mu) / sd
        zsum += abs(z)
        if abs(z) > 3.0:
            n_flags += 1
        if k % 10 == 0:
            trend.append(sum(history[-20:]) / 20 - (mu + x) / 2)
    flags.append(n_flags)
    spreads.append(np.std(history))
print("flags per sensor:", flags)
print(f"result: {zsum + sum(flags) + float(np.sum(trend)) + float(np.sum(spreads)):.8f}")
