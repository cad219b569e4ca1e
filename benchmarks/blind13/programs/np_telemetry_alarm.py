# ruff: noqa
"""Streaming anomaly detection on a chemical plant's multichannel telemetry: a clean reference
period fixes the channels' mean and covariance; every incoming batch is scored by its
Mahalanobis distance to the reference, and the alarm rate per shift is reported."""

import numpy as np

CHANNELS = 96
BATCH = 30
N_BATCHES = 15000
CHANNEL_WEIGHTS = np.array([1.0, 0.5, 0.25])  # weights of the three alarm levels


def mahalanobis(batch, mu, cov):
    prec = np.linalg.inv(cov)
    d = batch - mu
    return np.einsum("ij,ij->i", d @ prec, d)


def alarm_level(dist, limits):
    scale = np.linalg.norm(CHANNEL_WEIGHTS)
    return (dist[:, None] > limits[None, :]) @ (CHANNEL_WEIGHTS / scale)


rng = np.random.default_rng(11)
mixing = rng.normal(0.0, 1.0, (CHANNELS, CHANNELS)) / np.sqrt(CHANNELS)
reference = rng.normal(0.0, 1.0, (5000, CHANNELS)) @ mixing
mu = reference.mean(axis=0)
cov = np.cov(reference, rowvar=False)
limits = np.array(
    [
        CHANNELS + 3.0 * np.sqrt(2 * CHANNELS),
        CHANNELS + 5.0 * np.sqrt(2 * CHANNELS),
        CHANNELS + 8.0 * np.sqrt(2 * CHANNELS),
    ]
)

per_shift = []
shift_dists = []
for b in range(N_BATCHES):
    shift = 0.3 * np.sin(b / 400.0) if b % 1000 > 900 else 0.0
    batch = rng.normal(shift, 1.0, (BATCH, CHANNELS)) @ mixing
    shift_dists.append(mahalanobis(batch, mu, cov))
    if len(shift_dists) == 500:
        per_shift.append(alarm_level(np.concatenate(shift_dists), limits).sum())
        shift_dists = []

per_shift = np.array(per_shift)
print("alarm score per shift:", np.round(per_shift, 1).tolist())
print(f"result: {float(per_shift.sum() + (per_shift**2).sum() / 1e3):.10e}")
