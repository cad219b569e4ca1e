# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Backward induction for a discrete-choice dynamic programme that copies the choice-specific values before taking the expected maximum."""

# Source: https://tobiasraabe.github.io/blog/numpy-views-vs-copies.html (blog: after a rewrite, profiling showed ndarray.copy as the most expensive call in a dynamic programming model)

import numpy as np


def expected_max(values: np.ndarray, scale: float = 1.0) -> np.ndarray:
    v = values.copy()  # expect: AB203
    vmax = v.max(axis=1, keepdims=True)
    return (vmax + scale * np.log(np.exp((v - vmax) / scale).sum(axis=1, keepdims=True))).ravel()


def backward_induction(rewards: np.ndarray, transition: np.ndarray, beta: float = 0.95) -> np.ndarray:
    n_periods, n_states, n_choices = rewards.shape
    emax = np.zeros((n_periods + 1, n_states))
    for t in range(n_periods - 1, -1, -1):
        cont = transition @ emax[t + 1]  # (n_choices, n_states)
        emax[t] = expected_max(rewards[t] + beta * cont.T)
    return emax
