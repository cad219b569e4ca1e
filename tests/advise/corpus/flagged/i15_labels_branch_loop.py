# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Probabilities from a helper, thresholded one element at a time."""

import numpy as np


def predict_proba(X, w, b):
    return 1.0 / (1.0 + np.exp(-(X @ w + b)))


def predict(X, w, b, threshold=0.5):
    probs = predict_proba(X, w, b)
    labels = []
    for p in probs:  # expect: AB102
        if p >= threshold:
            labels.append(1)
        else:
            labels.append(0)
    return np.array(labels)
