# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (hc_layers_loop): written after the rules, scored before any change to them."""

import numpy as np


def forward(x, weights, biases):
    for W, b in zip(weights, biases):
        x = np.maximum(W @ x + b, 0.0)
    return x
