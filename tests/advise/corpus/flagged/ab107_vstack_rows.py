# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Parsing a file into an array, one vstack per line."""

import numpy as np


def read_points(path: str) -> np.ndarray:
    rows = np.zeros((0, 3))
    with open(path) as f:
        for line in f:
            point = [float(v) for v in line.split(",")]
            rows = np.vstack([rows, point])  # expect: AB107
    return rows
