# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Python's sum over a large NumPy array: one boxed scalar per element."""

import numpy as np

N = 5_000_000
total = sum(np.arange(N))  # expect: AB104
print(total)
