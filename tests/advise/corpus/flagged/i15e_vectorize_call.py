# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""np.vectorize of a scalar function, called on a million values: still a Python loop."""

import math

import numpy as np


def softplus(v):
    return math.log1p(math.exp(v))


softplus_v = np.vectorize(softplus)
x = np.random.randn(1_000_000)
y = softplus_v(x)  # expect: AB103
