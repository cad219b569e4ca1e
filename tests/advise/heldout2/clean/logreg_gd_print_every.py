# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""Logistic regression by full-batch gradient descent, printing the loss every 1000 iterations."""

# Source: "Implementing Logistic Regression Algorithm in Python from Scratch using Numpy", as stored
# at https://huggingface.co/datasets/nvidia/Nemotron-CC-Math-v1 ("for i in range(1000000): Y_pred =
# pred(X_train) ... if i % 1000 == 0: print(...) ... w -= 0.0001 * grad_weight").

import numpy as np


def loss_function(target, y_pred):
    return -np.mean(target * np.log(y_pred) + (1 - target) * np.log(1 - y_pred))


def train(X_train: np.ndarray, Y_train: np.ndarray, iters: int = 100_000, lr: float = 1e-4):
    w = np.zeros((X_train.shape[1], 1))
    b = 0.0
    for i in range(iters):
        Y_pred = 1 / (1 + np.exp(-(X_train @ w + b)))
        if i % 1000 == 0:
            print("Iteration:", i, "Loss:", loss_function(Y_train, Y_pred))
        grad_weight = X_train.T @ (Y_pred - Y_train) / X_train.shape[0]
        grad_bias = np.mean(Y_pred - Y_train)
        w -= lr * grad_weight
        b -= lr * grad_bias
    return w, b
