"""Robust linear regression (Huber loss) by iteratively reweighted least squares.

Synthetic regression data with heavy-tailed noise; the fit alternates between predicting,
computing Huber weights from the residuals and solving a weighted normal-equation system,
until the coefficients stop moving. Several bootstrap refits give a spread of coefficients.
"""
import itertools

import numpy as np


def predict(X, beta):
    return np.fromiter(map(lambda row: row @ beta, X), dtype=np.float64, count=len(X))


def huber_weights(r, delta):
    a = np.abs(r)
    return np.where(a <= delta, 1.0, delta / np.maximum(a, 1e-12))


def irls(X, y, delta=1.0, tol=1e-8, max_iter=50):
    beta = np.linalg.lstsq(X, y, rcond=None)[0]
    it = 0
    while True:
        r = y - predict(X, beta)
        w = huber_weights(r, delta)
        Xw = X * w[:, None]
        new = np.linalg.solve(X.T @ Xw, Xw.T @ y)
        it += 1
        if np.max(np.abs(new - beta)) < tol or it >= max_iter:
            return new, it
        beta = new


def main(n=20000, d=24, boots=7, seed=5):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d))
    beta_true = rng.standard_normal(d)
    y = X @ beta_true + rng.standard_t(2, size=n)
    fits = []
    total_iter = 0
    for b in range(boots):
        idx = rng.integers(0, n, n)
        beta, it = irls(X[idx], y[idx])
        fits.append(beta)
        total_iter += it
    fits = np.array(fits)
    spread = [float(np.std(fits[:, j])) for j in range(d)]
    pairs = sum(abs(a - b) for a, b in itertools.combinations(fits[:, 0], 2))
    return fits.mean(0), spread, pairs, total_iter


if __name__ == "__main__":
    mean, spread, pairs, total_iter = main()
    print("result:", round(float(mean.sum() + sum(spread) + pairs) + total_iter, 6))
