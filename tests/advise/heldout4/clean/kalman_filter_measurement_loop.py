# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Constant-velocity Kalman filter that walks through a stream of position measurements, predicting and updating each step."""

# Source: http://bwreilly.github.io/ai-ml/docs/kalman.html (annotated Kalman filter: for m in measurements: prediction step, then measurement update with matrix operations)

import numpy as np


def kalman_track(measurements: np.ndarray, dt=0.1, r=1.0, q=1e-3):
    F = np.array([[1.0, dt], [0.0, 1.0]])
    H = np.array([[1.0, 0.0]])
    Q = q * np.array([[dt**3 / 3, dt**2 / 2], [dt**2 / 2, dt]])
    R = np.array([[r]])
    I = np.eye(2)
    x = np.zeros((2, 1))
    P = np.eye(2) * 500.0
    estimates = np.empty((len(measurements), 2))
    for t, z in enumerate(measurements):
        x = F @ x
        P = F @ P @ F.T + Q
        y = z - H @ x
        S = H @ P @ H.T + R
        K = P @ H.T @ np.linalg.inv(S)
        x = x + K @ y
        P = (I - K @ H) @ P
        estimates[t] = x.ravel()
    return estimates
