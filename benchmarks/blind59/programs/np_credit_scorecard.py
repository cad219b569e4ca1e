# ruff: noqa
"""Credit scorecard pipeline: synthetic applicant features, a logistic model fitted by
gradient descent on each cross-validation fold, applicants scored on the held-out fold and
the Gini coefficient and approval rate reported per fold."""
from functools import partial

import numpy as np


def make_applicants(rng, n, d):
    X = rng.standard_normal((n, d))
    true_w = rng.normal(0.0, 0.6, d)
    logits = X @ true_w - 1.2
    y = (rng.random(n) < 1.0 / (1.0 + np.exp(-logits))).astype(np.float64)
    return X, y


def fit_logistic(X, y, epochs=12, lr=0.5):
    w = np.zeros(X.shape[1])
    b = 0.0
    best_loss, best_w = np.inf, w
    for epoch in range(epochs):
        p = 1.0 / (1.0 + np.exp(-(X @ w + b)))
        loss = -np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12))
        if loss < best_loss:
            best_loss, best_w = loss, w.copy()
        w -= lr * X.T @ (p - y) / len(y)
        b -= lr * float(np.mean(p - y))
    return best_w, b


def score_row(row, w, b, base=600.0, pdo=20.0):
    log_odds = float(np.dot(row, w)) + b
    return base - pdo / np.log(2.0) * log_odds


def gini(scores, y):
    order = np.argsort(scores)
    ranks = np.empty_like(order)
    ranks[order] = np.arange(len(scores))
    pos = y == 1
    auc = (ranks[~pos].sum() - (~pos).sum() * ((~pos).sum() - 1) / 2) / (pos.sum() * (~pos).sum())
    return 2 * auc - 1


rng = np.random.default_rng(3)
X, y = make_applicants(rng, 300_000, 24)
folds = np.array_split(rng.permutation(len(y)), 5)
total = 0.0
for k, test in enumerate(folds):
    train = np.concatenate([f for j, f in enumerate(folds) if j != k])
    w, b = fit_logistic(X[train], y[train])
    scores = np.fromiter(map(partial(score_row, w=w, b=b), X), dtype=np.float64)
    g = gini(scores[test], y[test])
    approve = np.mean(scores > 620.0)
    print(f"fold {k}: gini {g:.4f}, approval rate {approve:.3f}")
    total += g + approve + scores.mean() * 1e-3
print(f"result: {total:.10e}")
