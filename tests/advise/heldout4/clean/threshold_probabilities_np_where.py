# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Turns classifier probabilities into hard labels and risk tiers with vectorised np.where/np.select."""

# Source: https://docs.kanaries.net/topics/NumPy/numpy-where (guide: numpy.where applies the if/else across the whole array instead of a Python loop)

import numpy as np
from sklearn.linear_model import LogisticRegression


def predict_labels(clf: LogisticRegression, X: np.ndarray, threshold: float = 0.35):
    probs = clf.predict_proba(X)[:, 1]
    labels = np.where(probs >= threshold, 1, 0)
    tiers = np.select([probs < 0.2, probs < 0.6], ["low", "medium"], default="high")
    return labels, tiers


def tier_counts(clf: LogisticRegression, X: np.ndarray):
    _, tiers = predict_labels(clf, X)
    names, counts = np.unique(tiers, return_counts=True)
    return dict(zip(names.tolist(), counts.tolist()))
