"""Mini-batch SGD for L2-regularised logistic regression on a synthetic click dataset.

A Dataset object owns the feature matrix and labels and hands out shuffled mini-batches;
a Trainer runs the epochs and keeps the best weights seen on a held-out slice.
"""
import numpy as np


class Dataset:
    def __init__(self, n, d, rng):
        self._X = rng.standard_normal((n, d))
        w_true = rng.standard_normal(d) / np.sqrt(d)
        p = 1.0 / (1.0 + np.exp(-(self._X @ w_true)))
        self._y = (rng.random(n) < p).astype(np.float64)

    @property
    def features(self):
        return self._X

    @property
    def labels(self):
        return self._y

    def batches(self, size, rng):
        order = rng.permutation(len(self._y))
        for start in range(0, len(order), size):
            idx = order[start:start + size]
            yield self.features[idx], self.labels[idx]


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


class Trainer:
    def __init__(self, d, lr=0.1, lam=1e-3):
        self.w = np.zeros(d)
        self.lr = lr
        self.lam = lam
        self.best = None

    def step(self, X, y):
        g = X.T @ (sigmoid(X @ self.w) - y) / len(y) + self.lam * self.w
        self.w -= self.lr * g

    def fit(self, data, epochs, rng):
        best_loss = np.inf
        for ep in range(epochs):
            for X, y in data.batches(512, rng):
                self.step(X, y)
            z = data._X[:2000] @ self.w
            loss = np.mean(np.logaddexp(0.0, z) - data._y[:2000] * z)
            if loss < best_loss:
                best_loss = loss
                self.best = self.w.copy()
        return best_loss


def main():
    rng = np.random.default_rng(11)
    data = Dataset(60_000, 40, rng)
    tr = Trainer(40)
    loss = tr.fit(data, 16, rng)
    return loss, tr.best


if __name__ == "__main__":
    loss, w = main()
    print("result:", float(loss) + float(np.abs(w).sum()))
