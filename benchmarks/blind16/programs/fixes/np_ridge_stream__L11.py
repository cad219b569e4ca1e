"""Fits ridge regressions to a stream of target batches that share one design matrix (a
multi-output calibration), keeps the running mean coefficients, and prints their norm."""
import numpy as np

N_OBS = 400
N_FEAT = 120
N_BATCH = 3000


def fit(P, Y):
    return P @ Y


rng = np.random.default_rng(11)
X = rng.standard_normal((N_OBS, N_FEAT))
true_w = rng.standard_normal((N_FEAT, 4))
mean_w = np.zeros((N_FEAT, 4))
scales = np.ones(4)
batch = 0
P = np.linalg.inv(X.T @ X + 0.5 * np.eye(X.shape[1])) @ X.T
while batch < N_BATCH:
    Y = X @ true_w + 0.1 * rng.standard_normal((N_OBS, 4))
    w = fit(P, Y)
    work = w.copy()
    work *= scales
    mean_w += (work - mean_w) / (batch + 1)
    batch += 1
print(f"coef norm {np.linalg.norm(mean_w):.6f}")
print(f"result: {float(np.abs(mean_w).sum()):.10e}")
