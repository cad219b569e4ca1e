# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""One array per file: a loop over files, not over elements."""

from pathlib import Path

import numpy as np


def totals(folder: str) -> np.ndarray:
    sums = []
    for path in sorted(Path(folder).glob("*.npy")):
        arr = np.load(path)
        sums.append(arr.sum())
    return np.array(sums)
