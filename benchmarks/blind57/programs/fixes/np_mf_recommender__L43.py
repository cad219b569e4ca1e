# ruff: noqa
"""Matrix-factorisation recommender trained with mini-batch SGD on synthetic implicit feedback
(users and items with latent tastes), with a held-out validation set of (user, item, rating)
triples scored after every epoch; reports the validation RMSE curve."""
import numpy as np


class MFModel:
    def __init__(self, n_users, n_items, dim, rng):
        self.U = 0.1 * rng.standard_normal((n_users, dim))
        self.V = 0.1 * rng.standard_normal((n_items, dim))
        self.bu = np.zeros(n_users)
        self.bi = np.zeros(n_items)

    def predict(self, users, items):
        dots = np.array([self.U[u] @ self.V[i] for u, i in zip(users, items)])
        return dots + self.bu[users] + self.bi[items]

    def sgd_batch(self, users, items, ratings, lr, reg):
        pu, qi = self.U[users], self.V[items]
        err = ratings - ((pu * qi).sum(axis=1) + self.bu[users] + self.bi[items])
        np.add.at(self.U, users, lr * (err[:, None] * qi - reg * pu))
        np.add.at(self.V, items, lr * (err[:, None] * pu - reg * qi))
        np.add.at(self.bu, users, lr * err)
        np.add.at(self.bi, items, lr * err)


def synth_ratings(n_users, n_items, n, rng):
    tu = rng.standard_normal((n_users, 8))
    ti = rng.standard_normal((n_items, 8))
    users = rng.integers(0, n_users, size=n)
    items = rng.integers(0, n_items, size=n)
    r = (tu[users] * ti[items]).sum(axis=1) / 2.0 + rng.normal(0, 0.3, size=n)
    return users, items, r


rng = np.random.default_rng(3)
n_users, n_items = 3000, 2000
users, items, r = synth_ratings(n_users, n_items, 550_000, rng)
train, valid = slice(0, 400_000), slice(400_000, None)
model = MFModel(n_users, n_items, 24, rng)
schedule = np.array([0.05, 0.05, 0.03, 0.03, 0.02, 0.01])
lrs = schedule
lrs[-2:] *= 0.5
curve = []
for epoch, lr in enumerate(lrs):
    order = rng.permutation(400_000)
    for b in range(0, 400_000, 4096):
        idx = order[b:b + 4096]
        model.sgd_batch(users[idx], items[idx], r[idx], lr, 0.01)
    pred = model.predict(users[valid], items[valid])
    curve.append(float(np.sqrt(np.mean((pred - r[valid]) ** 2))))
    print(f"epoch {epoch}: valid rmse {curve[-1]:.4f}")
print(f"result: {sum(curve):.10e}")
