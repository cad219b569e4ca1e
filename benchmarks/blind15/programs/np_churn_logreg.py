# ruff: noqa
"""Logistic regression for customer churn, trained by full-batch gradient descent on
synthetic features, with a per-epoch validation check of three candidate thresholds; prints
the final training loss."""
import numpy as np


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def predict(X, w, b):
    logits = np.array([np.dot(row, w) for row in X]) + b
    return sigmoid(logits)


rng = np.random.default_rng(21)
n, d = 4000, 24
X = rng.normal(size=(n, d))
true_w = rng.normal(size=d)
y = (X @ true_w + rng.normal(scale=0.5, size=n) > 0).astype(np.float64)
X_val = rng.normal(size=(300, d))
w = np.zeros(d)
b = 0.0
lr = 0.5
thresholds = [0.3, 0.5, 0.7]
checks = np.zeros(3)
for epoch in range(1300):
    p = predict(X, w, b)
    grad_w = X.T @ (p - y) / n
    grad_b = (p - y).mean()
    w -= lr * grad_w
    b -= lr * grad_b
    if epoch % 200 == 0:
        for k in range(3):
            checks[k] += (sigmoid(X_val @ w + b) > thresholds[k]).mean()
p = predict(X, w, b)
loss = -np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12))
print(f"checks: {checks.sum():.4f}")
print(f"result: {loss:.10e}")
