# ruff: noqa
"""Streaming anomaly detection on multichannel sensor data: a Gaussian model (mean and
covariance) is fitted on a clean calibration window, then every incoming batch is scored by
Mahalanobis distance and three summary channels are blended into an alarm level. Prints the
alarm rate and the top scores."""

import numpy as np

N_CHANNELS = 240
BATCH = 32


def fit_baseline(window):
    mean = window.mean(axis=0)
    cov = np.cov(window, rowvar=False) + 1e-3 * np.eye(window.shape[1])
    return {"mean": mean, "cov": cov, "blend": np.array([0.5, 0.3, 0.2])}


def mahalanobis(x, mean, cov):
    precision = np.linalg.inv(cov)
    centred = x - mean
    return np.sqrt(np.einsum("ij,jk,ik->i", centred, precision, centred))


def score_batch(batch, model):
    d = mahalanobis(batch, model["mean"], model["cov"])
    blend = model["blend"] / np.linalg.norm(model["blend"])
    summary = batch[:, :3] @ blend
    return d, summary


def stream(rng, n_batches, mixing):
    for b in range(n_batches):
        z = rng.normal(size=(BATCH, N_CHANNELS))
        if b % 50 == 7:
            z[::4] += 4.0  # a burst of faults
        yield z @ mixing


rng = np.random.default_rng(21)
mixing = np.eye(N_CHANNELS) + 0.1 * rng.normal(size=(N_CHANNELS, N_CHANNELS))
model = fit_baseline(rng.normal(size=(5000, N_CHANNELS)) @ mixing)
threshold = np.sqrt(N_CHANNELS) + 4.0
alarms = 0
top = []
level = 0.0
for batch in stream(rng, 900, mixing):
    d, summary = score_batch(batch, model)
    alarms += int((d > threshold).sum())
    level = 0.95 * level + 0.05 * float(summary.mean())
    top.append(d.max())

top = np.sort(np.array(top))[-5:]
print(f"alarms: {alarms}, level {level:.4f}, top {np.round(top, 3)}")
print(f"result: {alarms + level + top.sum():.10e}")
