# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Turns classifier probabilities into hard 0/1 labels with an if/else on each element."""

# Source: https://python4data.science/en/latest/workspace/numpy/where.html (numpy.where is the vectorised if/else; the Python if-else version is slow on large arrays)

import numpy as np
from sklearn.linear_model import LogisticRegression


def predict_labels(clf: LogisticRegression, X: np.ndarray, threshold: float = 0.35) -> np.ndarray:
    probs = clf.predict_proba(X)[:, 1]
    labels = np.empty(len(probs), dtype=np.int64)
    for i in range(len(probs)):  # expect: AB102
        if probs[i] >= threshold:
            labels[i] = 1
        else:
            labels[i] = 0
    return labels
