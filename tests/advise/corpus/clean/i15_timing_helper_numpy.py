# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A benchmark helper for NumPy functions: the host does the work, the clock is right."""

import time

import numpy as np


def bench(fn, *args, repeat=20):
    start = time.perf_counter()
    for _ in range(repeat):
        fn(*args)
    return (time.perf_counter() - start) / repeat


a = np.random.rand(1000, 1000)
print(bench(np.dot, a, a), bench(np.linalg.svd, a))
