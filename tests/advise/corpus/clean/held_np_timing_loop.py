# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (hc_np_timing_loop): written after the rules, scored before any change to them."""

import time
import numpy as np

sizes = [10, 100, 1000]
for n in sizes:
    a = np.random.rand(n, n)
    t0 = time.perf_counter()
    np.linalg.inv(a)
    print(n, time.perf_counter() - t0)
