# ruff: noqa
"""Streaming anomaly detector for multi-channel sensor events: fits a Gaussian to a clean
calibration window, then scores each incoming event by its Mahalanobis distance and counts
alarms; prints the sum of the scores."""
import numpy as np


def calibrate(rng, n, d):
    mix = rng.normal(size=(d, d)) / np.sqrt(d)
    clean = rng.normal(size=(n, d)) @ mix
    mu = clean.mean(axis=0)
    cov = np.cov(clean, rowvar=False)
    return mu, cov


def mahalanobis(event, mu, cov):
    precision = np.linalg.inv(cov)
    diff = event - mu
    return float(diff @ precision @ diff)


def impute(event, mu):
    filled = event.copy()
    gaps = np.isnan(filled)
    filled[gaps] = mu[gaps]
    return filled


rng = np.random.default_rng(11)
d = 48
mu, cov = calibrate(rng, 5000, d)
cov[np.diag_indices(d)] += 1e-3
events = rng.normal(size=(100000, d)) * 1.1 + mu
events[rng.random(events.shape) < 0.01] = np.nan
scores = []
alarms = 0
for event in events:
    x = impute(event, mu)
    s = mahalanobis(x, mu, cov)
    scores.append(s)
    if s > 1.5 * d:
        alarms += 1
print(f"alarms: {alarms}")
print(f"result: {sum(scores):.10e}")
