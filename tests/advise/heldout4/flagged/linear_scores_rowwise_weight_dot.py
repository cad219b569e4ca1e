# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Scores every row of a feature matrix with a trained linear model, one row at a time."""

# Source: https://stomioka.github.io/deeplearning/docs/008-vectorizing-logistic-regression.html (course notes: computing z(i) = w^T x(i) + b for each of m examples in a for loop versus Z = np.dot(w.T, X) + b)

import numpy as np


def score_rows(X: np.ndarray, w: np.ndarray, b: float) -> np.ndarray:
    scores = np.empty(X.shape[0])
    for i in range(X.shape[0]):  # expect: AB105
        scores[i] = (X[i] * w).sum() + b
    return scores


if __name__ == "__main__":
    X = np.random.rand(500_000, 50)
    w = np.random.randn(50)
    top = np.argsort(score_rows(X, w, 0.1))[-10:]
    print(top)
