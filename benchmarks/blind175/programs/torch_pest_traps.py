# ruff: noqa
"""Integrated pest management for a museum: weekly insect counts on blunder traps across the
galleries are modelled with a Poisson regression (temperature, humidity, season, distance to the
loading bay, food-bearing objects nearby...) fitted by gradient descent in torch. Prints the
fitted model's mean deviance per trap-week."""
import numpy as np
import torch

torch.set_num_threads(1)

N_TRAPS = 1600
WEEKS = 52
N_FEATURES = 40
GALLERIES = 12


class TrapRecords:
    """Trap-week rows of standardised covariates and insect counts."""

    def __init__(self, X, counts, gallery):
        self._X = X
        self.counts = counts
        self.gallery = gallery

    @property
    def design(self):
        return self._X.clone()

    @property
    def n_rows(self):
        return self._X.shape[0]


def simulate(gen):
    n = N_TRAPS * WEEKS
    X = torch.randn(n, N_FEATURES, generator=gen)
    X[:, 0] = 1.0
    week = torch.arange(n) % WEEKS
    X[:, 1] = torch.sin(2 * torch.pi * week / WEEKS)
    true_w = 0.15 * torch.randn(N_FEATURES, generator=gen)
    true_w[0] = 0.3
    rate = torch.exp(X @ true_w)
    counts = torch.poisson(rate, generator=gen)
    gallery = torch.randint(0, GALLERIES, (n,), generator=gen)
    return TrapRecords(X, counts, gallery)


def fit(records, n_iter=500, lr=0.5):
    w = torch.zeros(N_FEATURES)
    y = records.counts
    history = []
    for it in range(n_iter):
        mu = torch.exp(records.design @ w)
        grad = records.design.T @ (mu - y) / records.n_rows
        w = w - lr * grad
        if it % 15 == 0:
            levels = torch.tensor([0.5, 0.9, 0.99])
            history.append(torch.quantile(mu[:4096], levels))
    return w, history


def deviance(records, w):
    mu = torch.exp(records.design @ w)
    y = records.counts
    term = torch.where(y > 0, y * torch.log(y / mu), torch.zeros_like(y))
    return 2.0 * (term - (y - mu))


COVARIATES = ["intercept", "season", "temperature", "humidity", "loading bay", "wool objects"]


def top_effects(w, k=4):
    """Largest fitted effects on the log rate, by covariate name where it has one."""
    order = torch.argsort(w[1:].abs(), descending=True)[:k] + 1
    names = [COVARIATES[i] if i < len(COVARIATES) else f"x{i}" for i in order.tolist()]
    return list(zip(names, w[order].tolist()))


def gallery_alerts(records, w, threshold=2.0):
    """Galleries whose mean fitted rate is above the threshold (insects per trap-week)."""
    rate = torch.exp(records.design @ w)
    sums = torch.zeros(GALLERIES).index_add_(0, records.gallery, rate)
    n = torch.bincount(records.gallery, minlength=GALLERIES).float()
    return [(g, round(float(r), 3)) for g, r in enumerate((sums / n).tolist()) if r > threshold]


gen = torch.Generator().manual_seed(5)
records = simulate(gen)
w, history = fit(records)
dev = deviance(records, w)
for g in range(0, GALLERIES, 4):
    print(f"gallery {g}: mean deviance {float(dev[records.gallery == g].mean()):.4f}")
print(f"largest effects: {top_effects(w)}")
print(f"alerts: {gallery_alerts(records, w)}")
print(f"result: {float(dev.mean()):.8e}")
