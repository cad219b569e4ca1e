# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Cleans a spectrogram by replacing negative power values with zero, element by element."""

# Source: http://stackoverflow.com/questions/10335090/numpy-replace-negative-values-in-array (answers: use a.clip(0) or numpy.where instead of touching each element)

import numpy as np


def clean_power(spec: np.ndarray) -> np.ndarray:
    flat = spec.ravel()
    for k in range(flat.size):  # expect: AB102
        flat[k] = flat[k] if flat[k] > 0 else 0.0
    return spec


def to_db(spec: np.ndarray, floor: float = 1e-10) -> np.ndarray:
    return 10.0 * np.log10(np.maximum(spec, floor))


if __name__ == "__main__":
    spec = np.random.randn(1025, 4000)
    db = to_db(clean_power(spec))
    print(db.min(), db.max())
