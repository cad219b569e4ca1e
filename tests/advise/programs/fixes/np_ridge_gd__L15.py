# ruff: noqa
"""Ridge regression fitted by mini-batch gradient descent on synthetic data; prints the final
training loss."""
import numpy as np


def make_data(n, d, rng):
    X = rng.normal(size=(n, d))
    w_true = rng.normal(size=d) / np.sqrt(d)
    y = X @ w_true + 0.1 * rng.normal(size=n)
    return X, y


def predict(X, w):
    return X @ w


def gradient(X, y, w, lam):
    r = predict(X, w) - y
    return X.T @ r / len(y) + lam * w


def fit(X, y, epochs, batch, lr, lam, rng):
    n = len(X)
    w = np.zeros(X.shape[1])
    snapshots = []
    for epoch in range(epochs):
        perm = rng.permutation(n)
        for s in range(0, n, batch):
            idx = perm[s : s + batch]
            w = w - lr * gradient(X[idx], y[idx], w, lam)
        snapshots.append(w.copy())
        if epoch % 5 == 0:
            loss = float(np.mean((X @ w - y) ** 2))
            print(f"epoch {epoch}: loss {loss:.5f}")
    return w, snapshots


rng = np.random.default_rng(0)
X, y = make_data(16000, 60, rng)
w, snapshots = fit(X, y, 40, 128, 0.05, 1e-3, rng)
drift = sum(float(np.linalg.norm(a - b)) for a, b in zip(snapshots[1:], snapshots[:-1]))
final = float(np.mean((X @ w - y) ** 2))
print(f"result: {final + drift:.10e}")
