# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Accumulates 5-column event rows from a parser into a NumPy array that grows by np.append on every update."""

# Source: https://stackoverflow.com/questions/7133885/fastest-way-to-grow-a-numpy-numeric-array/7134033 (class with self.data = np.append(self.data, row) took 32 s; a Python list then one np.array took 0.3 s)

import numpy as np


class EventBuffer:
    def __init__(self, n_cols=5):
        self.n_cols = n_cols
        self.data = np.array([])

    def update(self, row):
        self.data = np.append(self.data, row)  # expect: AB107

    def finalize(self):
        return np.reshape(self.data, (-1, self.n_cols))


def parse_file(lines):
    buf = EventBuffer()
    for line in lines:
        buf.update([float(v) for v in line.split(",")[:5]])
    return buf.finalize()
