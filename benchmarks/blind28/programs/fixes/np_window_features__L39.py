# ruff: noqa
"""Feature extraction for a vibration-monitoring model: sliding windows over many accelerometer
channels, a robust z-score of each window's last reading against the window, spectral band energy
and a few per-channel statistics, summarised into a feature table."""
from functools import partial

import numpy as np


def robust_z(window, clip):
    med = np.median(window)
    mad = np.median(np.abs(window - med)) + 1e-9
    return np.clip((window[-1] - med) / (1.4826 * mad), -clip, clip)


def windows_of(signal, width, hop):
    starts = np.arange(0, len(signal) - width + 1, hop)
    return signal[starts[:, None] + np.arange(width)]


def band_energy(win, bands):
    spec = np.abs(np.fft.rfft(win, axis=1)) ** 2
    return np.stack([spec[:, a:b].sum(axis=1) for a, b in bands], axis=1)


rng = np.random.default_rng(21)
n_channels, n_samples = 12, 40000
t = np.arange(n_samples) / 1000.0
signals = np.sin(2 * np.pi * rng.uniform(5, 60, (n_channels, 1)) * t) + 0.3 * rng.standard_normal((n_channels, n_samples))
score = partial(robust_z, clip=6.0)
table = []
for ch in range(n_channels):
    win = windows_of(signals[ch], 32, 8)
    z = np.apply_along_axis(score, 1, win)
    bands = band_energy(win, [(1, 4), (4, 8), (8, 17)])
    table.append(np.column_stack([z, bands, win.std(axis=1)]))
table = np.vstack(table)
cols = ["z", "low", "mid", "high", "std"]
lo, hi = table.min(axis=0), table.max(axis=0)
table = (table - table.mean(axis=0)) / (table.std(axis=0) + 1e-12)
for j, name in enumerate(cols):
    print(f"{name:>5}: min {lo[j]:+.3f} max {hi[j]:+.3f}")
print(f"result: {np.abs(table).sum():.10e}")
