# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Sums the integers below N in several ways, including Python's built-in sum over an np.arange array."""

# Source: https://stackoverflow.com/questions/69584027/why-is-np-sumrangen-very-slow (sum(np.arange(N))
# is slower than even the naive for loop; np.sum(np.arange(N)) is the fast one).

import numpy as np

N = 10_000_000


def sum6(N=N):
    # possibly slow conversion to Py_long from np.int
    return sum(np.arange(N))  # expect: AB104


def sum8(N=N):
    return np.sum(np.arange(N))


print(sum6(), sum8())
