# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Recodes an integer matrix to 0/1 around the value 50 with nested loops and an if/elif per element."""

# Source: https://devpeace.com/python/45768262/numpy-equivalent-of-if-else-without-loop (remove the for
# loops and the if/else that change each value of the array according to a condition).

import numpy as np

x = np.random.randint(100, size=(10, 5))

for i in range(x.shape[0]):  # expect: AB102
    for j in range(x.shape[1]):
        if x[i, j] > 50:
            x[i, j] = 0
        elif x[i, j] < 50:
            x[i, j] = 1

print(x)
