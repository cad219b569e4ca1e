# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""One threshold per class, chosen on that class's scores: a loop over classes."""

import numpy as np


def thresholds(scores: np.ndarray, y: np.ndarray, n_classes: int) -> np.ndarray:
    out = np.empty(n_classes)
    for c in range(n_classes):
        s = np.sort(scores[:, c])
        out[c] = s[int(0.9 * len(s))]
    return out
