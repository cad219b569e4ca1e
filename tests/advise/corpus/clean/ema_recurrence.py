# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""An exponential moving average: each value depends on the previous one."""

import numpy as np


def ema(x: np.ndarray, alpha: float) -> np.ndarray:
    y = np.empty_like(x)
    y[0] = x[0]
    for i in range(1, len(x)):
        y[i] = alpha * y[i - 1] + (1 - alpha) * x[i]
    return y
