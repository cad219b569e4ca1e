# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""The textbook naive ReLU: a copy, then max(x, 0) applied element by element in two loops."""

# Source: https://github.com/JohnMachado11/Deep-Learning-with-Python-Third-Edition (naive_relu:
# "for i in range(x.shape[0]): for j in range(x.shape[1]): x[i, j] = max(x[i, j], 0)").
# Judgement call: max(v, 0) is a function applied per element whose vectorized form is
# np.maximum, AB103's definition ("f(x[i]) -> the library's vectorized function").

import numpy as np


def naive_relu(x: np.ndarray) -> np.ndarray:
    assert len(x.shape) == 2
    x = x.copy()
    for i in range(x.shape[0]):  # expect: AB103
        for j in range(x.shape[1]):
            x[i, j] = max(x[i, j], 0)
    return x


print(naive_relu(np.random.random((20, 100)) - 0.5).mean())
