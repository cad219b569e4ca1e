# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Applies a scalar sigmoid written in Python to a large array through np.vectorize."""

# Source: https://theneuralbase.com/numpy-for-ml/learn/intermediate/np-vectorize-limited-speedup/
# (np.vectorize wraps a scalar Python function and still loops element by element).

import numpy as np


def sigmoid_python(x):
    return 1 / (1 + np.exp(-x))


vectorized_sigmoid = np.vectorize(sigmoid_python)

large = np.random.randn(100000)
result_vec = vectorized_sigmoid(large)  # expect: AB103
