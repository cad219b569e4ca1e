# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Pairwise products collected from two arrays."""

import numpy as np

rng = np.random.default_rng(0)
xs = rng.uniform(size=1000)
ys = rng.uniform(size=1000)
products = []
for a, b in zip(xs, ys):  # expect: AB101
    products.append(a * b - 0.5)
result = np.array(products)
