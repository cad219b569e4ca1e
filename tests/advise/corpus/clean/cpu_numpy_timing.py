# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Timing NumPy code with perf_counter: no GPU, nothing to wait for."""

import time

import numpy as np

a = np.random.rand(1000, 1000)
t0 = time.perf_counter()
b = a @ a
t1 = time.perf_counter()
print(f"{t1 - t0:.4f} s")
