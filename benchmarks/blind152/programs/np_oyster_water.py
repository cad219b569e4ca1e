# ruff: noqa
"""Water-quality watch for an oyster farm: buoys across the lease report a vector of sensor
features every hour (temperature, salinity, chlorophyll, turbidity, oxygen at several depths and
their lags). Each hour's readings are calibrated against a two-point tide correction and scored
by Mahalanobis distance to a reference period; hours with many outlying buoys raise an alert
for the hatchery team."""
from dataclasses import dataclass
from functools import partial

import numpy as np


@dataclass
class Reference:
    mean: np.ndarray
    cov: np.ndarray


def build_reference(rng, n_features, n_samples=4000):
    mix = rng.standard_normal((n_features, n_features)) / np.sqrt(n_features)
    base = rng.standard_normal((n_samples, n_features)) @ mix
    return Reference(base.mean(axis=0), np.cov(base, rowvar=False) + 0.05 * np.eye(n_features)), mix


def mahalanobis(x, mean, cov):
    prec = np.linalg.inv(cov)
    d = x - mean
    return np.einsum("ij,jk,ik->i", d, prec, d)


def anomaly_scores(batch, ref, threshold):
    dist = mahalanobis(batch, ref.mean, ref.cov)
    return dist, dist > threshold


def tide_correction(levels, hour):
    a = np.array([[1.0, np.sin(hour / 12.42 * 2 * np.pi)], [1.0, np.cos(hour / 12.42 * 2 * np.pi)]])
    coef = np.linalg.inv(a + 2.0 * np.eye(2)) @ levels
    return coef[0] * 0.01


def score_hour(hour, batch, ref, scorer, tide_levels):
    offset = tide_correction(tide_levels[hour % len(tide_levels)], hour)
    dist, outlying = scorer(batch - offset, ref)
    return float(dist.mean()), int(outlying.sum())


class Watch:
    def __init__(self, ref, threshold, alert_at):
        self.scorer = partial(anomaly_scores, threshold=threshold)
        self.ref = ref
        self.alert_at = alert_at
        self.alerts = []
        self.mean_dist = []

    def run(self, stream, tide_levels):
        for hour, batch in enumerate(stream):
            m, n_out = score_hour(hour, batch, self.ref, self.scorer, tide_levels)
            self.mean_dist.append(m)
            if n_out >= self.alert_at:
                self.alerts.append(hour)


def hourly_stream(rng, mix, n_hours, n_buoys, n_features):
    for hour in range(n_hours):
        drift = 0.4 * np.sin(hour / 50.0)
        yield rng.standard_normal((n_buoys, n_features)) @ mix + drift


N_FEATURES = 260
rng = np.random.default_rng(11)
ref, mix = build_reference(rng, N_FEATURES)
tide_levels = rng.uniform(0.5, 2.5, size=(24, 2))
watch = Watch(ref, threshold=N_FEATURES * 1.25, alert_at=12)
watch.run(hourly_stream(rng, mix, 400, 40, N_FEATURES), tide_levels)
print(f"alerts in {len(watch.alerts)} of 400 hours; first {watch.alerts[:5]}")
print(f"result: {sum(watch.mean_dist) + len(watch.alerts):.10e}")
