# ruff: noqa  (good code that looks like a slow pattern: the linter's test corpus)
"""The library's sum of a large array, and Python's max of a short list of scores."""

import numpy as np

N = 5_000_000
total = np.sum(np.arange(N))
best = max([0.91, 0.87, 0.93])
print(total, best)
