# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Converts an RGB photo to grayscale with the luminosity formula by looping over every pixel."""

# Source: https://ai.chinaz.tv/zhtw/ainews/efficient-methods-for-converting-color-images-to-grayscale-2318155
# (converting color images to grayscale with for loops vs a vectorized method vs OpenCV).

import matplotlib.pyplot as plt
import numpy as np

image = plt.imread("sunflower.jpg")
height, width, _ = image.shape
gray = np.zeros((height, width))

for i in range(height):  # expect: AB101
    for j in range(width):
        r, g, b = image[i, j, 0], image[i, j, 1], image[i, j, 2]
        gray[i, j] = 0.2989 * r + 0.5870 * g + 0.1140 * b

plt.imshow(gray, cmap="gray")
plt.show()
