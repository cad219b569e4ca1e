# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Picks values from one array or another according to a boolean array with a conditional comprehension."""

# Source: https://github.com/Hassan-Farid/Python-for-Data-Analysis (numpy.where as the vectorized form of
# the Python ternary expression; the pure-Python version zips the arrays in a list comprehension).

import numpy as np

n = 1_000_000
xarr = np.random.randn(n)
yarr = np.random.randn(n)
conditions = np.random.rand(n) > 0.5

result = [(x if c else y) for x, y, c in zip(xarr, yarr, conditions)]  # expect: AB102
result = np.array(result)
