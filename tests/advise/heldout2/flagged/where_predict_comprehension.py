# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Logistic regression from scratch whose predict() thresholds probabilities one by one."""

# Source: a "Logistic Regression from Scratch" tutorial as stored at
# https://huggingface.co/datasets/nvidia/Nemotron-CC-Math-v1 (its predict() returns
# "[1 if i > 0.5 else 0 for i in predictions]").

import numpy as np


def sigmoid(z):
    return 1 / (1 + np.exp(-z))


class LogisticRegression:
    def __init__(self, learning_rate: float = 0.01, iterations: int = 1000):
        self.learning_rate = learning_rate
        self.iterations = iterations

    def fit(self, X: np.ndarray, y: np.ndarray) -> "LogisticRegression":
        self.weights = np.zeros(X.shape[1])
        self.bias = 0.0
        for _ in range(self.iterations):
            p = sigmoid(X @ self.weights + self.bias)
            self.weights -= self.learning_rate * X.T @ (p - y) / len(y)
            self.bias -= self.learning_rate * np.mean(p - y)
        return self

    def predict(self, X: np.ndarray):
        predictions = sigmoid(np.dot(X, self.weights) + self.bias)
        return [1 if p > 0.5 else 0 for p in predictions]  # expect: AB102
