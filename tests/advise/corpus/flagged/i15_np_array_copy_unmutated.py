# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""np.array() of an array that nothing writes into: a full copy for nothing."""

import numpy as np


def zscore(values: np.ndarray) -> np.ndarray:
    arr = np.array(values)  # expect: AB203
    return (arr - arr.mean(axis=0)) / arr.std(axis=0)


def moving_average(signal, k=5):
    sig = np.array(signal)  # expect: AB203
    kernel = np.ones(k) / k
    return np.convolve(sig, kernel, mode="valid")


prices = np.cumsum(np.random.randn(10_000))
smooth = moving_average(zscore(prices))
