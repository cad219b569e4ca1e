# ruff: noqa
"""Tracks objects in 3-D from noisy position fixes (one every fourth prediction step) with a
constant-acceleration Kalman filter (nine states: position, velocity and acceleration per axis),
one filter per sensor, and prints the mean position error of the filtered tracks."""
import numpy as np

DT = 0.05
ACCEL_NOISE = 0.3
FIX_EVERY = 4


def simulate_track(n_steps, rng):
    acc = np.cumsum(0.2 * rng.standard_normal((n_steps, 3)), axis=0) * DT
    vel = np.cumsum(acc, axis=0) * DT
    return np.cumsum(vel, axis=0) * DT


def predict(x, P, Q):
    F = np.array(
        [
            [1.0, 0.0, 0.0, DT, 0.0, 0.0, 0.5 * DT * DT, 0.0, 0.0],
            [0.0, 1.0, 0.0, 0.0, DT, 0.0, 0.0, 0.5 * DT * DT, 0.0],
            [0.0, 0.0, 1.0, 0.0, 0.0, DT, 0.0, 0.0, 0.5 * DT * DT],
            [0.0, 0.0, 0.0, 1.0, 0.0, 0.0, DT, 0.0, 0.0],
            [0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, DT, 0.0],
            [0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, DT],
            [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0],
            [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0],
            [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0],
        ]
    )
    return F @ x, F @ P @ F.T + Q


def update(x, P, z, H, R):
    y = z - H @ x
    S = H @ P @ H.T + R
    K = P @ H.T @ np.linalg.inv(S)
    return x + K @ y, (np.eye(9) - K @ H) @ P


def track(fixes, noise_std):
    H = np.eye(3, 9)
    R = noise_std**2 * np.eye(3)
    Q = ACCEL_NOISE**2 * np.diag([DT**4 / 4] * 3 + [DT**2] * 3 + [1.0] * 3)
    x = np.zeros(9)
    P = np.eye(9)
    out = np.empty((len(fixes), 3))
    for k in range(len(fixes)):
        x, P = predict(x, P, Q)
        if k % FIX_EVERY == 0:
            x, P = update(x, P, fixes[k], H, R)
        out[k] = x[:3]
    return out


rng = np.random.default_rng(0)
errors = []
for sensor, noise_std in enumerate([0.05, 0.1, 0.2, 0.4, 0.8]):
    truth = simulate_track(40000, rng)
    fixes = truth + noise_std * rng.standard_normal(truth.shape)
    est = track(fixes, noise_std)
    errors.append(np.sqrt(((est - truth) ** 2).sum(axis=1)).mean())
    print(f"sensor {sensor}: mean error {errors[-1]:.4f}")
print(f"result: {float(np.sum(errors)):.10e}")
