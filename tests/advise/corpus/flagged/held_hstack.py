# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (h_hstack): written after the rules, scored before any change to them."""

import numpy as np


def collect(signal_blocks):
    out = np.array([])
    for blk in signal_blocks:
        out = np.hstack((out, blk * 2.0))  # expect: AB107 (possible)
    return out
