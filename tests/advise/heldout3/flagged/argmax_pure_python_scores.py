# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Finds the best-scoring candidate in an array of model scores with a hand-written argmax loop."""

# Source: https://dilawars.me/2020/11/12/argmax-in-pure-python/ (Python has no built-in argmax; a loop
# keeping the running maximum and its index, versus max(zip(...))).

import math

import numpy as np


def argmax(ls) -> int:
    _m, _mi = -math.inf, 0
    for i, v in enumerate(ls):  # expect: AB104
        if v > _m:
            _m = v
            _mi = i
    return _mi


scores = np.random.rand(1_000_000)
best = argmax(scores)
