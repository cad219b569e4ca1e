# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Recodes an integer matrix to 0/1 around the value 50 with nested np.where instead of loops."""

# Source: https://devpeace.com/python/45768262/numpy-equivalent-of-if-else-without-loop (the vectorized
# answer: choose the new value per element with np.where on the whole array).

import numpy as np

x = np.random.randint(100, size=(10, 5))
x = np.where(x > 50, 0, np.where(x < 50, 1, x))
print(x)
