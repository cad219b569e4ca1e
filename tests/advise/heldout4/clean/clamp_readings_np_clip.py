# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Clamps sensor readings into a closed range and replaces out-of-range values in place with NumPy."""

# Source: https://newbedev.com/replace-all-elements-of-python-numpy-array-that-are-greater-than-some-value (np.clip / np.minimum with out= are the fast ways to bound an array)

import numpy as np


def clamp_readings(readings: np.ndarray, low: float, high: float, inplace: bool = False) -> np.ndarray:
    if inplace:
        return np.clip(readings, low, high, out=readings)
    return np.clip(readings, low, high)


def fraction_clipped(readings: np.ndarray, low: float, high: float) -> float:
    return float(np.mean((readings < low) | (readings > high)))


if __name__ == "__main__":
    raw = np.random.random(4_000_000) * 1024
    print(f"{fraction_clipped(raw, 256.0, 512.0):.1%} of readings out of range")
    print(clamp_readings(raw, 256.0, 512.0)[:10])
