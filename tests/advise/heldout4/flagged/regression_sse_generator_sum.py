# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Reports the mean squared error of an online linear-regression fit after each epoch using a generator sum over samples."""

# Source: https://datascience.stackexchange.com/questions/1246/stochastic-gradient-descent-based-on-vector-operations (online gradient descent pseudocode: error = sum((F-Y)^2)/n recomputed every epoch)

import numpy as np


def epoch_error(X: np.ndarray, Y: np.ndarray, A: np.ndarray) -> float:
    F = X @ A[1:] + A[0]
    n = len(Y)
    return sum((F[i] - Y[i]) ** 2 for i in range(n)) / n  # expect: AB104


def online_gd(X, Y, lr=1e-3, max_epochs=50, tol=1e-8):
    A = np.zeros(X.shape[1] + 1)
    prev_error, error = np.inf, epoch_error(X, Y, A)
    rng = np.random.default_rng(0)
    epoch = 0
    while abs(error - prev_error) > tol and epoch < max_epochs:
        for i in rng.permutation(len(Y)):
            r = A[0] + X[i] @ A[1:] - Y[i]
            A[0] -= lr * r
            A[1:] -= lr * r * X[i]
        prev_error, error = error, epoch_error(X, Y, A)
        epoch += 1
    return A
