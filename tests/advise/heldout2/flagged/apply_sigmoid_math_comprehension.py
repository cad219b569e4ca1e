# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Probabilities from logits with math.exp applied to every element in a comprehension."""

# Source: https://www.codegenes.net/blog/pytorch-apply-function-to-each-element (applying a function
# to each element; built-in element-wise functions instead of a Python loop).

import math

import numpy as np


def probabilities(logits: np.ndarray) -> np.ndarray:
    return np.array([1.0 / (1.0 + math.exp(-z)) for z in logits])  # expect: AB103


scores = np.random.randn(100_000)
p = probabilities(scores)
