# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Exponentially weighted moving average of a long series computed with scipy.signal.lfilter."""

# Source: https://www.e-learn.cn/qa/answer/108178/442206.html (an EWMA is a linear filter, so lfilter
# computes it without numba and almost as fast).

import numpy as np
from scipy.signal import lfilter, lfiltic


def ewma_linear_filter(array, window):
    alpha = 2 / (window + 1)
    b = [alpha]
    a = [1, alpha - 1]
    zi = lfiltic(b, a, array[0:1], [0])
    return lfilter(b, a, array, zi=zi)[0]


data = np.random.normal(0, 1, 10_000_000)
smoothed = ewma_linear_filter(data, 100_000)
