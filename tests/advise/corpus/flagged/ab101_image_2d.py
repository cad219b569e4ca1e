# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Brightness and contrast on an image, pixel by pixel."""

import numpy as np


def adjust(img: np.ndarray, gain: float = 1.2, bias: float = 0.1) -> np.ndarray:
    out = np.zeros_like(img)
    for i in range(img.shape[0]):  # expect: AB101
        for j in range(img.shape[1]):
            out[i, j] = img[i, j] * gain + bias
    return out
