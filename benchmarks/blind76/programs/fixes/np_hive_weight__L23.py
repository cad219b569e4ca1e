"""Beekeeping monitoring: hive scales log weight changes every 30 seconds. For each hive the
pipeline removes the beekeeper's inspection jumps, integrates the net nectar flow into a running
weight gain, and reports the daily foraging gain and the hives that look like they swarmed."""
from dataclasses import dataclass

import numpy as np


@dataclass
class HiveRecord:
    name: str
    deltas: np.ndarray
    gain: np.ndarray = None


def clean_jumps(deltas, limit=0.25):
    return np.where(np.abs(deltas) > limit, 0.0, deltas)


def running_gain(flow):
    return np.cumsum(flow)


def swarm_score(gain, window=240):
    drops = gain[window:] - gain[:-window]
    return float(-drops.min())


def record_weights(daily_gain):
    best = np.empty_like(daily_gain)
    best[0] = daily_gain[0]
    for d in range(1, daily_gain.size):
        best[d] = max(best[d - 1], daily_gain[d])
    return best


def make_hives(n_hives, n_readings, rng):
    t = np.arange(n_readings) * 30.0 / 3600.0
    daylight = np.clip(np.sin(2 * np.pi * (t - 6.0) / 24.0), 0, None)
    hives = []
    for h in range(n_hives):
        flow = 0.002 * rng.uniform(0.5, 1.5) * daylight - 0.0004
        deltas = flow + rng.normal(0, 0.003, n_readings)
        jumps = rng.integers(0, n_readings, 4)
        deltas[jumps] += rng.choice([-1.0, 1.0], 4) * rng.uniform(1.0, 4.0, 4)
        hives.append(HiveRecord(f"hive-{h:02d}", deltas))
    return hives


rng = np.random.default_rng(21)
n_readings = 2880 * 30
hives = make_hives(160, n_readings, rng)
scores = []
for hive in hives:
    hive.gain = running_gain(clean_jumps(hive.deltas))
    scores.append(swarm_score(hive.gain))
scores = np.array(scores)
daily = np.array([h.gain[2879::2880] for h in hives])
records = np.array([record_weights(row) for row in daily])
print(f"best hive {hives[int(daily[:, -1].argmax())].name}, possible swarms: {int((scores > 0.5).sum())}")
print(f"result: {daily.sum() + scores.sum() + records.sum():.10e}")
