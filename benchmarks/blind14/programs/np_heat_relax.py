# ruff: noqa
"""Finds the steady temperature profile of a heated rod with fixed end temperatures, for a few
heating strengths, by Jacobi relaxation (stopping when the largest change per sweep falls under
a tolerance, or after a fixed number of sweeps), and prints each profile's peak temperature."""

import numpy as np

STRENGTHS = [0.5, 1.0, 2.0]


def sweep(u, src, h2):
    new = np.empty_like(u)
    new[0], new[-1] = u[0], u[-1]
    new[1:-1] = 0.5 * (u[:-2] + u[2:] + h2 * src[1:-1])
    return new


def relax(src, left, right, tol, max_sweeps):
    n = src.size
    h2 = (1.0 / (n - 1)) ** 2
    u = np.linspace(left, right, n)
    recent = []
    sweeps = 0
    change = np.inf
    while change > tol and sweeps < max_sweeps:
        new = sweep(u, src, h2)
        change = max(abs(new - u))
        recent.append(change)
        if sweeps % 100 == 99:
            if max(recent[-5:]) - min(recent[-5:]) < 1e-15:
                break
            recent = recent[-5:]
        u = new
        sweeps += 1
    return u, sweeps


rng = np.random.default_rng(3)
x = np.linspace(0.0, 1.0, 2500)
bumps = np.exp(-((x[:, None] - rng.uniform(0.2, 0.8, 4)) ** 2) / 0.005).sum(axis=1)
peaks = []
total_sweeps = 0
for strength in STRENGTHS:
    u, n_sweeps = relax(strength * 4e5 * bumps, 20.0, 35.0, 1e-9, 11000)
    peaks.append(float(u.max()))
    total_sweeps += n_sweeps
    print(f"strength {strength}: peak {u.max():.4f} after {n_sweeps} sweeps")
print(f"result: {sum(peaks) + total_sweeps:.10e}")
