# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Accumulating results with np.append."""

import numpy as np


def features(chunks, process):
    result = np.array([])
    for chunk in chunks:
        result = np.append(result, process(chunk))  # expect: AB107 (possible)
    return result
