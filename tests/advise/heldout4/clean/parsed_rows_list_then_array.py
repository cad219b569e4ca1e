# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Parses a large CSV of events into Python lists and converts to a NumPy array once at the end."""

# Source: https://techunravel.blogspot.com (blog post: appending to a list and converting once with numpy.array is hundreds of times faster than numpy.append per element)

import numpy as np


def parse_events(lines, n_cols=5):
    rows = []
    for line in lines:
        fields = line.rstrip("\n").split(",")
        if len(fields) < n_cols:
            continue
        rows.append([float(v) for v in fields[:n_cols]])
    return np.array(rows, dtype=np.float64).reshape(-1, n_cols)


if __name__ == "__main__":
    with open("events.csv") as f:
        events = parse_events(f)
    print(events.shape, events[:, 2].mean())
