# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Grayscale conversion with the three channels unpacked per pixel."""

import numpy as np

image = np.random.randint(0, 255, (480, 640, 3)).astype(np.float32)
height, width, _ = image.shape
gray = np.zeros((height, width))
for i in range(height):  # expect: AB101
    for j in range(width):
        r, g, b = image[i, j, 0], image[i, j, 1], image[i, j, 2]
        gray[i, j] = 0.299 * r + 0.587 * g + 0.114 * b
