# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Labelling values above/below a threshold with an if/else per element."""

# Source: https://plainenglish.io/blog/python-how-to-replace-python-for-loops-with-numpy-operations-a12b75fc2d57
# ("for Loop with if-else Condition ... np.where() ... approximately 10x faster").

import numpy as np


def label_sizes(a: np.ndarray) -> np.ndarray:
    labels = np.empty(len(a), dtype=object)
    for i, v in enumerate(a):  # expect: AB102
        if v > 10:
            labels[i] = "larger_than_10"
        else:
            labels[i] = "smaller_than_equal_10"
    return labels


a = np.random.randint(0, 20, 30000)
print(label_sizes(a)[:5])
