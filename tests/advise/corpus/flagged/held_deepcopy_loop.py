# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (h_deepcopy_loop): written after the rules, scored before any change to them."""

import numpy as np


def perturb_all(base: np.ndarray, deltas):
    results = []
    for d in deltas:
        cur = np.copy(base)  # expect: AB203 (possible)
        results.append(np.linalg.norm(cur + d))
    return results
