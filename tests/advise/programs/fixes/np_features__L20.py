# ruff: noqa
"""Feature engineering for a synthetic card-transactions table: log amounts, per-user
aggregates and rolling window statistics, assembled into a standardized design matrix."""
import math

import numpy as np


def load_transactions(n, n_users, rng):
    return {
        "user": rng.integers(0, n_users, size=n),
        "amount": rng.lognormal(3.0, 1.2, size=n),
        "hour": rng.integers(0, 24, size=n).astype(np.float64),
        "merchant_risk": rng.beta(2.0, 5.0, size=n),
        "balance": rng.gamma(2.0, 800.0, size=n),
    }


def log_amount(amount):
    return np.log1p(amount)


def user_aggregates(user, amount, n_users):
    counts = np.bincount(user, minlength=n_users).astype(np.float64)
    sums = np.bincount(user, weights=amount, minlength=n_users)
    mean = sums / np.maximum(counts, 1.0)
    return counts[user], amount / mean[user]


def rolling_features(values, window, chunk):
    out = np.empty((0, 3))
    for start in range(0, len(values), chunk):
        seg = values[max(0, start - window + 1) : start + chunk]
        csum = np.cumsum(np.concatenate([[0.0], seg]))
        csq = np.cumsum(np.concatenate([[0.0], seg * seg]))
        k = min(start, window - 1)
        idx = np.arange(k, len(seg))
        lo = np.maximum(idx - window + 1, 0)
        cnt = idx - lo + 1
        mean = (csum[idx + 1] - csum[lo]) / cnt
        var = np.maximum((csq[idx + 1] - csq[lo]) / cnt - mean * mean, 0.0)
        feats = np.stack([mean, np.sqrt(var), seg[idx] - mean], axis=1)
        out = np.concatenate([out, feats])
    return out


def standardize(columns):
    out = {}
    for name, col in columns.items():
        out[name] = (col - col.mean()) / (col.std() + 1e-12)
    return out


rng = np.random.default_rng(0)
tx = load_transactions(1_000_000, 5000, rng)
logamt = log_amount(tx["amount"])
logbal = log_amount(tx["balance"])
count, rel = user_aggregates(tx["user"], tx["amount"], 5000)
roll = rolling_features(logamt, 50, 4000)
columns = {"logamt": logamt, "logbal": logbal, "count": count, "rel": rel, "hour": tx["hour"],
           "risk": tx["merchant_risk"], "roll_mean": roll[:, 0].copy(), "roll_std": roll[:, 1].copy(),
           "roll_dev": roll[:, 2].copy()}
X = np.column_stack(list(standardize(columns).values()))
w = np.linspace(-1.0, 1.0, X.shape[1])
score = 1.0 / (1.0 + np.exp(-(X @ w)))
print(f"features: {X.shape}")
print(f"result: {float(score.sum() + np.abs(X).sum()):.10e}")
