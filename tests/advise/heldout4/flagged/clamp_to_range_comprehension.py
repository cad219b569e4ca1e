# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Clamps a large array of sensor readings into a closed range with a conditional list comprehension."""

# Source: https://devsolus.com/2023/08/30/how-to-make-all-values-in-an-array-fall-into-a-range/ (question: [e if a <= e <= b else (a if e < a else b) for e in arr] is ~50x slower than np.clip)

import numpy as np


def clamp_readings(readings: np.ndarray, low: float, high: float) -> np.ndarray:
    clamped = [e if low <= e <= high else (low if e < low else high) for e in readings]  # expect: AB102
    return np.array(clamped)


def summarize(readings: np.ndarray, low: float, high: float) -> dict:
    clamped = clamp_readings(readings, low, high)
    return {"mean": float(clamped.mean()), "min": float(clamped.min()), "max": float(clamped.max())}


if __name__ == "__main__":
    raw = np.random.random(4_000_000) * 1024
    print(summarize(raw, 256.0, 512.0))
