# ruff: noqa
"""A plant monitor: readings of 8 sensors arrive one row at a time into a fixed-size log;
each tick the monitor calibrates the row, stores it, and compares the recent mean with the
long-run baseline to raise drift alarms. Prints the number of alarms and a checksum."""

import numpy as np


class SensorLog:
    """Ring buffer of the last `capacity` readings."""

    def __init__(self, capacity, n_sensors):
        self.data = np.zeros((capacity, n_sensors))
        self.filled = 0
        self.head = 0

    def push(self, row):
        self.data[self.head] = row
        self.head = (self.head + 1) % len(self.data)
        self.filled = min(self.filled + 1, len(self.data))

    def last(self, k):
        # work on a copy so callers cannot corrupt the log
        data = self.data.copy()
        idx = (self.head - 1 - np.arange(k)) % len(data)
        return data[idx]


def check_drift(log, baseline, scale, k=32, threshold=4.0):
    z = (log.last(k).mean(axis=0) - baseline) / scale
    return np.abs(z).max() > threshold


def calibrate(raw, offsets, gains):
    row = raw.copy()
    row -= offsets
    row *= gains
    return row


rng = np.random.default_rng(2024)
n_sensors, capacity, n_ticks = 8, 40_000, 40_000
offsets = rng.normal(0.0, 0.5, n_sensors)
gains = rng.uniform(0.9, 1.1, n_sensors)
log = SensorLog(capacity, n_sensors)
for _ in range(capacity):
    log.push(rng.normal(0.0, 1.0, n_sensors))
baseline, scale = np.zeros(n_sensors), np.full(n_sensors, 1.0 / np.sqrt(32))

alarms, drift = 0, np.zeros(n_sensors)
raw_stream = rng.normal(0.0, 1.0, (n_ticks, n_sensors))
for tick in range(n_ticks):
    drift[tick % n_sensors] += 0.0001  # slow drift on one sensor at a time
    row = calibrate(raw_stream[tick] + drift, offsets, gains)
    log.push(row)
    alarms += bool(check_drift(log, baseline, scale))

print(f"alarms {alarms}")
print(f"result: {alarms + float(log.data.sum()) + float(drift.sum()):.10e}")
