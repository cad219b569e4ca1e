# ruff: noqa
"""Bootstrap particle filter tracking a target in 2-D from noisy range-bearing measurements:
constant-velocity motion model, Gaussian likelihood, systematic resampling every step, and the
filtered track's error against the true path."""
import numpy as np


def cumulative(weights):
    cdf = np.empty_like(weights)
    total = 0.0
    for i, w in enumerate(weights):
        total += w
        cdf[i] = total
    return cdf


def systematic_resample(weights, rng):
    n = len(weights)
    positions = (rng.random() + np.arange(n)) / n
    cdf = cumulative(weights)
    cdf[-1] = 1.0
    return np.searchsorted(cdf, positions)


def likelihood(particles, z, sigma_r=0.5, sigma_b=0.05):
    dx, dy = particles[:, 0], particles[:, 1]
    r = np.hypot(dx, dy)
    b = np.arctan2(dy, dx)
    db = np.angle(np.exp(1j * (b - z[1])))
    return np.exp(-0.5 * ((r - z[0]) / sigma_r) ** 2 - 0.5 * (db / sigma_b) ** 2)


def run(n_steps, n_particles, rng):
    dt = 0.1
    truth = np.array([10.0, 5.0, -0.5, 0.8])
    particles = truth + rng.standard_normal((n_particles, 4)) * [1.0, 1.0, 0.3, 0.3]
    errors = []
    for t in range(n_steps):
        truth[:2] += dt * truth[2:]
        z = np.array([np.hypot(*truth[:2]), np.arctan2(truth[1], truth[0])])
        z += rng.standard_normal(2) * [0.5, 0.05]
        particles[:, :2] += dt * particles[:, 2:]
        particles += rng.standard_normal((4, n_particles)).T * [0.05, 0.05, 0.02, 0.02]
        w = likelihood(particles, z) + 1e-300
        w /= w.sum()
        estimate = w @ particles
        errors.append(np.hypot(*(estimate[:2] - truth[:2])))
        particles = particles[systematic_resample(w, rng)]
    return np.array(errors)


rng = np.random.default_rng(3)
errors = run(700, 20000, rng)
print(f"rmse {np.sqrt(np.mean(errors ** 2)):.4f}, final error {errors[-1]:.4f}")
print(f"result: {errors.sum():.10e}")
