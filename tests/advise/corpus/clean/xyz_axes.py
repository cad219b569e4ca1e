# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Per-axis statistics of a point cloud: three iterations, not a loop over elements."""

import numpy as np


def axis_means(points: np.ndarray) -> np.ndarray:
    out = np.empty(3)
    for axis in range(3):
        out[axis] = points[:, axis].mean()
    return out
