# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""math.sin over NumPy samples in a list comprehension."""

import math

import numpy as np

rng = np.random.default_rng(42)
samples = rng.normal(size=10_000)
values = np.array([math.sin(v) ** 2 for v in samples])  # expect: AB103
