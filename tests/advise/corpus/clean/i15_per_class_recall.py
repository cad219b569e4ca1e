# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Recall per class, one masked comparison per class."""

import numpy as np


def per_class_recall(y_true: np.ndarray, y_pred: np.ndarray, n_classes: int) -> np.ndarray:
    recall = np.zeros(n_classes)
    for c in range(n_classes):
        sel = y_true == c
        recall[c] = (y_pred[sel] == c).mean() if sel.any() else np.nan
    return recall
