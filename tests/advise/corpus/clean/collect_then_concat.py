# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Pieces collected in a list and concatenated once."""

import numpy as np


def gather(chunks, process) -> np.ndarray:
    parts = []
    for chunk in chunks:
        parts.append(process(chunk))
    return np.concatenate(parts)
