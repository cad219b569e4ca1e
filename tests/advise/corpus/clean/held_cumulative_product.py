# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (hc_cumulative_product): written after the rules, scored before any change to them."""

import numpy as np


def survival(hazard: np.ndarray) -> np.ndarray:
    s = np.ones(len(hazard) + 1)
    for t in range(len(hazard)):
        s[t + 1] = s[t] * (1 - hazard[t])
    return s
