# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Sum of squares through a generator expression."""

import numpy as np


def sum_of_squares(values) -> float:
    x = np.asarray(values, dtype=float)
    return sum(x[i] ** 2 for i in range(len(x)))  # expect: AB104
