# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Reading a sensor log line by line into a NumPy array grown with np.append."""

# Source: https://stackoverflow.com/questions/25649788/optimal-way-to-append-to-numpy-array/25649863
# ("Appending to numpy arrays is very inefficient ... keep your results in a regular list and
# convert it to an array afterwards").

import numpy as np


def read_log(path: str) -> np.ndarray:
    arr = np.empty((0, 3))
    with open(path) as fh:
        for line in fh:
            t, x, y = map(float, line.split(","))
            arr = np.append(arr, [[t, x, y]], axis=0)  # expect: AB107
    return arr
