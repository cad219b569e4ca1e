# ruff: noqa
"""Monitors a stream of multichannel sensor readings for anomalies: fits a mean and a shrunk
covariance on a clean calibration period, then scores every incoming batch by its Mahalanobis
distance, flags the readings over a chi-square style threshold and keeps running counts."""

import numpy as np


class AnomalyScorer:
    def __init__(self, calib, shrink):
        self.mean = calib.mean(axis=0)
        cov = np.cov(calib, rowvar=False)
        self.cov = (1 - shrink) * cov + shrink * np.trace(cov) / cov.shape[0] * np.eye(cov.shape[0])
        self.dim = cov.shape[0]

    def score(self, batch):
        precision = np.linalg.inv(self.cov)
        centred = batch - self.mean
        return np.einsum("ij,jk,ik->i", centred, precision, centred, optimize=True)

    def threshold(self, z):
        scale = np.sqrt(2.0 * self.dim)
        return self.dim + z * scale


def sensor_batches(rng, n_batches, batch, dim, mix):
    for b in range(n_batches):
        x = rng.standard_normal((batch, dim)) @ mix
        if b % 7 == 3:
            x[rng.integers(0, batch, 3)] += 4.0
        yield x


rng = np.random.default_rng(21)
dim = 160
mix = np.eye(dim) + 0.3 * rng.standard_normal((dim, dim)) / np.sqrt(dim)
calib = rng.standard_normal((5000, dim)) @ mix
scorer = AnomalyScorer(calib, shrink=0.05)
flagged = 0
score_sum = 0.0
for x in sensor_batches(rng, 2200, 200, dim, mix):
    d2 = scorer.score(x)
    flagged += int((d2 > scorer.threshold(4.0)).sum())
    score_sum += float(d2.sum())
print(f"flagged {flagged} readings; mean score {score_sum / (2200 * 200):.4f}")
print(f"result: {score_sum + flagged:.10e}")
