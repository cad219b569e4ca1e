# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Collects variable-length episode traces in a Python list and concatenates them into one array after the loop."""

# Source: https://stackoverflow.com/questions/25649788/optimal-way-to-append-to-numpy-array/25649863
# (if you don't know the length, keep results in a regular list and convert it to an array afterwards).

import numpy as np


def run_episode(rng, max_len=500):
    length = rng.integers(50, max_len)
    return np.cumsum(rng.normal(size=length))


rng = np.random.default_rng(0)
results = []
done = False
while not done:
    a = run_episode(rng)
    results.append(a)
    done = len(results) >= 1000
results = np.concatenate(results)
