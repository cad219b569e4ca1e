# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Applies a small polynomial formula to every element of an array with a list comprehension."""

# Source: https://errorhandle.ai/python-applying-a-formula-on-each-element-in-an-numpy-array
# (applying a formula to each element: vectorized operations, np.vectorize, or a list comprehension).

import numpy as np


def custom_formula(x):
    return x**2 + 3*x + 5


arr = np.arange(2_000_000, dtype=np.float64)
result = np.array([custom_formula(x) for x in arr])  # expect: AB103
