# ruff: noqa
"""Implicit-feedback matrix factorisation (alternating least squares, Hu-Koren-Volinsky) for a
synthetic play-count log: users and items get latent factors, then the model is evaluated by
hit rate at 20 on one held-out item per user."""
import numpy as np


class ImplicitALS:
    def __init__(self, n_factors=48, reg=0.1, alpha=20.0, seed=0):
        self.k = n_factors
        self.reg = reg
        self.alpha = alpha
        self.rng = np.random.default_rng(seed)

    @property
    def item_gram(self):
        return self.Y.T @ self.Y

    @property
    def user_gram(self):
        return self.X.T @ self.X

    def _solve_row(self, idx, counts, other, gram, ridge):
        conf = 1.0 + self.alpha * counts
        sub = other[idx]
        A = gram + (sub.T * (conf - 1.0)) @ sub + ridge
        b = sub.T @ conf
        return np.linalg.solve(A, b)

    def user_step(self, u, ridge):
        idx, counts = self.by_user[u]
        return self._solve_row(idx, counts, self.Y, self.item_gram, ridge)

    def item_step(self, i, gram, ridge):
        idx, counts = self.by_item[i]
        if idx.size == 0:
            return np.zeros(self.k)
        return self._solve_row(idx, counts, self.X, gram, ridge)

    def fit(self, users, items, counts, n_users, n_items, sweeps=4):
        self.X = 0.01 * self.rng.standard_normal((n_users, self.k))
        self.Y = 0.01 * self.rng.standard_normal((n_items, self.k))
        order = np.argsort(users, kind="stable")
        self.by_user = np.split(np.stack([items[order], counts[order]]), np.cumsum(np.bincount(users, minlength=n_users))[:-1], axis=1)
        self.by_user = [(p[0].astype(np.int64), p[1]) for p in self.by_user]
        order = np.argsort(items, kind="stable")
        parts = np.split(np.stack([users[order], counts[order]]), np.cumsum(np.bincount(items, minlength=n_items))[:-1], axis=1)
        self.by_item = [(p[0].astype(np.int64), p[1]) for p in parts]
        ridge = self.reg * np.eye(self.k)
        for sweep in range(sweeps):
            for u in range(n_users):
                self.X[u] = self.user_step(u, ridge)
            gram = self.user_gram
            for i in range(n_items):
                self.Y[i] = self.item_step(i, gram, ridge)
        return self


def synth_log(rng, n_users, n_items, per_user):
    pop = rng.zipf(1.4, size=n_items).astype(float)
    p = pop / pop.sum()
    users = np.repeat(np.arange(n_users), per_user)
    items = rng.choice(n_items, size=users.size, p=p)
    counts = rng.poisson(3.0, size=users.size).astype(float) + 1.0
    return users, items, counts


rng = np.random.default_rng(3)
n_users, n_items = 2000, 4000
users, items, counts = synth_log(rng, n_users, n_items, 30)
held = np.arange(n_users) * 30 + 29
train = np.ones(users.size, bool)
train[held] = False
model = ImplicitALS().fit(users[train], items[train], counts[train], n_users, n_items)
scores = model.X @ model.Y.T
top = np.argpartition(-scores, 20, axis=1)[:, :20]
hits = (top == items[held][:, None]).any(axis=1)
print(f"hit rate@20: {hits.mean():.4f}")
print(f"result: {hits.mean() + np.abs(model.X).sum() * 1e-3:.10e}")
