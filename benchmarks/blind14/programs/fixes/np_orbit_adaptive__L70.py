# ruff: noqa
"""Integrates comet orbits around a star with an adaptive-step Runge-Kutta-Fehlberg (4,5)
scheme, keeps every accepted state, and reports each orbit's closest approach, its period
estimate from the recorded crossings and the energy drift."""

import numpy as np

A = [
    [],
    [1 / 4],
    [3 / 32, 9 / 32],
    [1932 / 2197, -7200 / 2197, 7296 / 2197],
    [439 / 216, -8, 3680 / 513, -845 / 4104],
    [-8 / 27, 2, -3544 / 2565, 1859 / 4104, -11 / 40],
]
B4 = np.array([25 / 216, 0, 1408 / 2565, 2197 / 4104, -1 / 5, 0])
B5 = np.array([16 / 135, 0, 6656 / 12825, 28561 / 56430, -9 / 50, 2 / 55])
C = [0, 1 / 4, 3 / 8, 12 / 13, 1, 1 / 2]


def accel(y):
    r = y[:2]
    d = np.hypot(r[0], r[1])
    return np.concatenate([y[2:], -r / d**3])


def rkf45_step(y, h):
    k = np.empty((6, 4))
    for i in range(6):
        yi = y + h * (np.dot(A[i], k[:i]) if i else 0.0)
        k[i] = accel(yi)
    y4 = y + h * (B4 @ k)
    y5 = y + h * (B5 @ k)
    return y5, np.max(np.abs(y5 - y4))


def integrate(y0, t_end, tol):
    t, h = 0.0, 1e-3
    y = y0
    path = y0[None, :]
    times = [0.0]
    while t < t_end:
        y_new, err = rkf45_step(y, h)
        if err <= tol:
            t += h
            y = y_new
            path = np.vstack([path, y])
            times.append(t)
        h = 0.9 * h * min(4.0, max(0.1, (tol / max(err, 1e-300)) ** 0.2))
        h = min(h, t_end - t) if t < t_end else h
    return np.array(times), path


def energy(path):
    return 0.5 * (path[:, 2] ** 2 + path[:, 3] ** 2) - 1.0 / np.hypot(path[:, 0], path[:, 1])


results = []
checksum = 0.0
for ecc in (0.5, 0.7, 0.85):
    y0 = np.array([1.0 - ecc, 0.0, 0.0, np.sqrt((1 + ecc) / (1 - ecc))])
    times, path = integrate(y0, 400.0, 1e-10)
    r = np.hypot(path[:, 0], path[:, 1])
    crossings = times[1:][(path[:-1, 1] < 0) & (path[1:, 1] >= 0)]
    period = float(np.diff(crossings).mean())
    drift = float(np.ptp(energy(path)))
    results.append((ecc, len(times), r.min(), period, drift))
    checksum += r.min() + period + len(times)
rows = []
for ecc, steps, peri, period, drift in results:
    rows.append([ecc, peri, period, drift])
    print(f"e={ecc}: {steps} steps, perihelion {peri:.5f}, period {period:.5f}, drift {drift:.2e}")
summary = np.array(rows)
print(f"result: {checksum + summary[:, 2].sum():.10e}")
