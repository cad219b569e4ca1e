# ruff: noqa
"""Anomaly scoring for a cheese cave's sensor network: 96 temperature/humidity probes logged
every minute; each batch of readings is scored by its Mahalanobis distance to a reference
climate model fitted on a calm week, and batches over a threshold raise alerts."""
from dataclasses import dataclass

import numpy as np
from scipy.linalg import solve_triangular


@dataclass
class ProbeLayout:
    n_probes: int = 96
    n_lags: int = 3
    batch: int = 64
    n_batches: int = 1400


class ReferenceClimate:
    def __init__(self, calm, setpoint):
        self.mean = calm.mean(axis=0)
        centred = calm - self.mean
        self.cov = centred.T @ centred / (len(calm) - 1) + 1e-3 * np.eye(calm.shape[1])
        self.setpoint = setpoint

    def _factor(self):
        return np.linalg.cholesky(self.cov)

    def _whiten(self, batch):
        chol = self._factor()
        return solve_triangular(chol, (batch - self.mean).T, lower=True)

    def distance(self, batch):
        z = self._whiten(batch)
        return np.sqrt((z * z).sum(axis=0))


def lagged(stream, n_lags):
    return np.concatenate([np.roll(stream, k, axis=0) for k in range(n_lags)], axis=1)


def make_stream(rng, layout, n_rows, drift=0.0):
    base = rng.standard_normal((n_rows, layout.n_probes)).cumsum(axis=0) * 0.01
    base += drift * np.linspace(0.0, 1.0, n_rows)[:, None]
    return lagged(base, layout.n_lags)


layout = ProbeLayout()
rng = np.random.default_rng(5)
calm = make_stream(rng, layout, 6000)
setpoint = np.array([11.5, 12.0, 92.0, 94.0, 0.3, 0.2])
model = ReferenceClimate(calm, setpoint)
live = make_stream(rng, layout, layout.batch * layout.n_batches, drift=0.4)

alerts = 0
total = 0.0
threshold = None
for k in range(layout.n_batches):
    batch = live[k * layout.batch:(k + 1) * layout.batch]
    d = model.distance(batch)
    if threshold is None:
        threshold = np.quantile(d, 0.99) * 1.5
    alerts += int((d > threshold).sum())
    total += float(d.sum())
    if k % 100 == 0:
        target = model.setpoint.copy()
        total += 1e-6 * float(target[:2].mean())
print(f"alerts: {alerts} over {layout.n_batches} batches, mean distance {total / live.shape[0]:.4f}")
print(f"result: {total + alerts:.10e}")
