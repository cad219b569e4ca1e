# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Converts a model's raw margin scores into probabilities with math.exp applied to each score."""

# Source: https://stackoverflow.com/questions/30712402/what-is-the-difference-between-math-exp-and-numpy-exp-and-why-do-numpy-creators (numpy.exp on the array is ~9x faster than [math.exp(i) for i in arr])

import math

import numpy as np
from sklearn.svm import LinearSVC


def scores_to_probs(model: LinearSVC, X: np.ndarray) -> np.ndarray:
    margins = model.decision_function(X)
    probs = [1.0 / (1.0 + math.exp(-m)) for m in margins]  # expect: AB103
    return np.asarray(probs)


def calibrated_report(model: LinearSVC, X: np.ndarray, y: np.ndarray) -> dict:
    p = scores_to_probs(model, X)
    brier = float(np.mean((p - y) ** 2))
    return {"brier": brier, "mean_prob": float(p.mean()), "n": len(y)}
