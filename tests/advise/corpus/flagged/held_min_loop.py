# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (h_min_loop): written after the rules, scored before any change to them."""

import numpy as np

data = np.random.randn(10000)
lo = data[0]
for v in data[1:]:  # expect: AB104
    lo = min(lo, v)
