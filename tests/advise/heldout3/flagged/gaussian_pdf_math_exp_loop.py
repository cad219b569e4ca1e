# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Evaluates a Gaussian density on a sample array by calling math.exp for each element in a loop."""

# Source: https://codegive.com/blog/numpy_call_function_on_each_element.php (calling a function on each
# element: universal functions vs np.vectorize vs list comprehensions vs direct Python loops).

import math

import numpy as np


def gaussian_pdf(samples, mu=0.0, sigma=1.0):
    out = np.empty_like(samples)
    norm = 1.0 / (sigma * math.sqrt(2 * math.pi))
    for i, x in enumerate(samples):  # expect: AB103
        out[i] = norm * math.exp(-0.5 * ((x - mu) / sigma) ** 2)
    return out


samples = np.random.normal(size=500_000)
density = gaussian_pdf(samples)
