# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Smooths a long sensor trace with a cumulative-sum moving average."""

# Source: https://stackoverflow.com/questions/14313510/how-to-calculate-moving-average-using-numpy (answer: moving_average with np.cumsum, ret[n:] = ret[n:] - ret[:-n])

import numpy as np


def moving_average(a: np.ndarray, n: int = 3) -> np.ndarray:
    ret = np.cumsum(a, dtype=float)
    ret[n:] = ret[n:] - ret[:-n]
    return ret[n - 1:] / n


def smooth_channels(trace: np.ndarray, window: int = 25) -> np.ndarray:
    # trace: (n_channels, n_samples); only a handful of channels
    return np.stack([moving_average(ch, window) for ch in trace])


if __name__ == "__main__":
    t = np.linspace(0, 60, 6_000_000)
    trace = np.stack([np.sin(f * t) + 0.3 * np.random.randn(t.size) for f in (0.5, 1.0, 2.0)])
    smoothed = smooth_channels(trace)
    print(smoothed.shape, smoothed.std(axis=1))
