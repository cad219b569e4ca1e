# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Evaluates the polynomial x**2 + 2x + 1 on a large grid by indexing the array one element at a time."""

# Source: https://commit-web.commit.tu-berlin.de/en/book/sci-python/chapter/ch05/section/s04
# (Vectorization and Avoiding Loops: the slow Python loop result[i] = x[i] ** 2 + 2 * x[i] + 1).

import numpy as np


def poly_loop(x):
    result = np.empty(len(x))
    for i in range(len(x)):  # expect: AB101
        result[i] = x[i] ** 2 + 2 * x[i] + 1
    return result


x = np.linspace(-5, 5, 1_000_000)
y = poly_loop(x)
