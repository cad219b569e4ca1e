# ruff: noqa
"""Click-through-rate model for a news recommender: a synthetic click log (users, items,
dwell times) is turned into per-event features (the item's accumulated dwell time and click rate so far, the
user's history length, item age), and a logistic regression is trained with minibatch SGD and
an evaluation hook; prints the log-loss and AUC on the held-out tail of the log."""
import itertools
from dataclasses import dataclass, field

import numpy as np


@dataclass
class ClickLog:
    user: np.ndarray
    item: np.ndarray
    dwell: np.ndarray
    clicked: np.ndarray
    item_birth: np.ndarray
    meta: dict = field(default_factory=dict)


def synthesize(rng, n_events=3_000_000, n_users=30_000, n_items=4_000):
    quality = rng.normal(0.0, 1.0, size=n_items)
    item = np.minimum(rng.zipf(1.3, size=n_events) - 1, n_items - 1)
    user = rng.integers(0, n_users, size=n_events)
    p = 1.0 / (1.0 + np.exp(-(quality[item] - 1.0)))
    clicked = (rng.random(n_events) < p).astype(np.float64)
    dwell = clicked * rng.gamma(2.0, 15.0, size=n_events)
    item_birth = np.sort(rng.integers(0, n_events // 2, size=n_items))
    return ClickLog(user, item, dwell, clicked, item_birth, {"n_users": n_users, "n_items": n_items})


class FeatureBuilder:
    def __init__(self, log):
        self.log = log

    @staticmethod
    def running_total(values):
        out = np.empty_like(values)
        acc = 0.0
        for i, v in enumerate(values):
            acc += v
            out[i] = acc
        return out

    def item_history(self):
        order = np.argsort(self.log.item, kind="stable")
        groups = np.split(order, np.flatnonzero(np.diff(self.log.item[order])) + 1)
        n = len(self.log.item)
        dwell_before, clicks_before, shown_before = np.empty(n), np.empty(n), np.empty(n)
        for idx in groups:
            dwell, clicks = self.log.dwell[idx], self.log.clicked[idx]
            dwell_before[idx] = self.running_total(dwell) - dwell
            clicks_before[idx] = self.running_total(clicks) - clicks
            shown_before[idx] = np.arange(len(idx))
        return dwell_before, (clicks_before + 1.0) / (shown_before + 2.0)

    def build(self):
        n = len(self.log.item)
        dwell_before, ctr_before = self.item_history()
        pop = np.log1p(dwell_before)
        seen = np.bincount(self.log.user, minlength=self.log.meta["n_users"])
        hist = np.log1p(seen[self.log.user])
        age = (np.arange(n) - self.log.item_birth[self.log.item]) / n
        return np.column_stack([np.ones(n), pop, ctr_before, hist, age, pop * age])


def auc(scores, labels):
    order = np.argsort(scores)
    ranks = np.empty(len(scores))
    ranks[order] = np.arange(1, len(scores) + 1)
    pos = labels == 1
    n_pos = pos.sum()
    return (ranks[pos].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * (len(labels) - n_pos))


class Trainer:
    def __init__(self, n_feat, lr, hooks=()):
        self.w = np.zeros(n_feat)
        self.lr = lr
        self.hooks = hooks

    def fit(self, X, y, epochs, batch):
        mu, sd = X[:, 1:].mean(axis=0), X[:, 1:].std(axis=0)
        X = np.column_stack([X[:, :1], (X[:, 1:] - mu) / sd])
        self.scale = (mu, sd)
        for epoch, start in itertools.product(range(epochs), range(0, len(y), batch)):
            xb, yb = X[start:start + batch], y[start:start + batch]
            p = 1.0 / (1.0 + np.exp(-xb @ self.w))
            self.w -= self.lr * xb.T @ (p - yb) / len(yb)
            if start == 0:
                for hook in self.hooks:
                    hook(epoch, self)

    def predict(self, X):
        mu, sd = self.scale
        X = np.column_stack([X[:, :1], (X[:, 1:] - mu) / sd])
        return 1.0 / (1.0 + np.exp(-X @ self.w))


rng = np.random.default_rng(21)
log = synthesize(rng)
X = FeatureBuilder(log).build()
y = log.clicked
cut = int(0.8 * len(y))
history = []
trainer = Trainer(X.shape[1], lr=0.5, hooks=[lambda e, t: history.append(np.linalg.norm(t.w))])
trainer.fit(X[:cut], y[:cut], epochs=1, batch=16384)
p = np.clip(trainer.predict(X[cut:]), 1e-7, 1 - 1e-7)
logloss = float(-np.mean(y[cut:] * np.log(p) + (1 - y[cut:]) * np.log(1 - p)))
score = float(auc(p, y[cut:]))
print(f"test log-loss {logloss:.4f}, AUC {score:.4f}, weights {np.round(trainer.w, 3)}")
print(f"result: {logloss + score + float(np.abs(trainer.w).sum()) + sum(history):.10e}")
