# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Validating a list of arrays before stacking them."""

import numpy as np


def stack_checked(arrays):
    if not arrays:
        raise ValueError("nothing to stack")
    ref = arrays[0].shape
    for a in arrays:
        if a.shape != ref:
            raise ValueError(f"shape {a.shape} != {ref}")
    return np.stack(arrays)
