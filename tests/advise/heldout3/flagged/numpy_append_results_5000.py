# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Builds an array of squares by appending each new value with np.append inside the loop."""

# Source: https://stackoverflow.com/questions/25649788/optimal-way-to-append-to-numpy-array/25649863
# (numpy_append: 48.4 ms per loop vs 2.4 ms when pre-allocating or appending to a list).

import numpy as np


def numpy_append():
    results = np.array([])
    for i in range(5000):
        results = np.append(results, i**2)  # expect: AB107
    return results


squares = numpy_append()
