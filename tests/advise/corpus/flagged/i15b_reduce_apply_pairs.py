# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Total loss summed with a Python function over (prediction, target) pairs."""

import math

import numpy as np


def log_loss(p, y):
    p = min(max(p, 1e-12), 1 - 1e-12)
    return -(y * math.log(p) + (1 - y) * math.log(1 - p))


probs = np.random.rand(50_000)
ys = (np.random.rand(50_000) > 0.5).astype(float)
total = 0.0
for p, y in zip(probs, ys):  # expect: AB104
    total += log_loss(p, y)
