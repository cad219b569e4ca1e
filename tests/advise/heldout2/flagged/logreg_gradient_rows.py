# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""The gradient of the logistic cost, one example (and one feature) at a time."""

# Source: https://www.joankusuma.com/post/day-14-gradient-descent-for-logistic-regression
# (compute_gradient_logistic: "for i in range(m): f_wb_i = sigmoid(np.dot(X[i], w) + b) ... for j
# in range(n): dj_dw[j] = dj_dw[j] + err_i * X[i,j]"). Judgement call: the outer loop is a
# row-by-row matrix-vector product (X @ w, then X.T @ err), AB105's definition, rather than AB104.

import numpy as np


def sigmoid(z):
    return 1 / (1 + np.exp(-z))


def compute_gradient_logistic(X: np.ndarray, y: np.ndarray, w: np.ndarray, b: float):
    m, n = X.shape
    dj_dw = np.zeros((n,))
    dj_db = 0.0
    for i in range(m):  # expect: AB105
        f_wb_i = sigmoid(np.dot(X[i], w) + b)
        err_i = f_wb_i - y[i]
        for j in range(n):
            dj_dw[j] = dj_dw[j] + err_i * X[i, j]
        dj_db = dj_db + err_i
    return dj_db / m, dj_dw / m
