# ruff: noqa
"""Finish-time prediction for a city marathon's timing team: chip splits at the timing mats
(5 km, 10 km, ..., 40 km) for every runner, a linear model of the finish time fitted by a few
rounds of gradient descent on last year's results, then predictions for this year's field and
the number of runners expected under each pacing-group target."""
from dataclasses import dataclass
from functools import partial

import numpy as np

MATS_KM = [5, 10, 15, 20, 21.1, 25, 30, 35, 40]


@dataclass
class FitConfig:
    rounds: int = 20
    lr: float = 0.1
    l2: float = 1e-3


def predict(weights, bias, splits):
    return np.array(list(map(lambda row: row @ weights + bias, splits)))


def synth_field(rng, n):
    base = rng.normal(4.2, 0.7, size=(n, 1)).clip(2.1, 7.0)
    fade = rng.gamma(2.0, 0.02, size=(n, 1))
    km = np.array(MATS_KM)
    splits = base * km / 10.0 * (1.0 + fade * km / 42.195) + rng.normal(0, 0.01, (n, len(km)))
    finish = base * 4.2195 * (1.0 + fade) + rng.normal(0, 0.05, (n,))[:, None]
    return splits, finish[:, 0]


class FinishModel:
    def __init__(self, n_mats, cfg):
        self.cfg = cfg
        self.weights = np.zeros(n_mats)
        self.bias = 0.0
        self.history = []

    def fit(self, splits, finish, on_round=None):
        mu, sd = splits.mean(0), splits.std(0)
        z = (splits - mu) / sd
        forward = partial(predict, splits=z)
        best = None
        for r in range(self.cfg.rounds):
            err = forward(self.weights, self.bias) - finish
            self.weights -= self.cfg.lr * (z.T @ err / len(err) + self.cfg.l2 * self.weights)
            self.bias -= self.cfg.lr * err.mean()
            best = self.weights
            if on_round is not None:
                on_round(r, float(np.sqrt((err ** 2).mean())))
        self.mu, self.sd, self.best = mu, sd, best
        return self

    def finish_times(self, splits):
        return (splits - self.mu) / self.sd @ self.best + self.bias


rng = np.random.default_rng(2024)
last_year, last_finish = synth_field(rng, 30000)
model = FinishModel(len(MATS_KM), FitConfig())
model.fit(last_year, last_finish, on_round=lambda r, rmse: model.history.append(rmse))
this_year, _ = synth_field(rng, 30000)
pred = model.finish_times(this_year)
targets = np.arange(2.75, 6.01, 0.25)
counts = np.searchsorted(np.sort(pred), targets)
for t, c in zip(targets, counts):
    print(f"under {t:.2f} h: {c} runners")
print(f"final rmse {model.history[-1]:.4f}")
print(f"result: {pred.sum() + sum(model.history):.10e}")
