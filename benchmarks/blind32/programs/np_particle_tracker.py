# ruff: noqa
"""Bootstrap particle filter tracking a target that moves with a nonlinear drift, observed through
a noisy range sensor: predict, weight by the likelihood of each reading, resample when the
effective sample size gets low, and report the tracking error."""
import math

import numpy as np

SIGMA_OBS = 0.4


def gaussian_likelihood(x, z):
    d = z - math.sqrt(1.0 + x * x)
    return math.exp(-0.5 * d * d / SIGMA_OBS**2)


class ParticleFilter:
    def __init__(self, n, rng):
        self.rng = rng
        self.particles = rng.normal(0.0, 2.0, size=n)
        self.weights = np.full(n, 1.0 / n)

    def predict(self, t):
        drift = 0.5 * self.particles + 25 * self.particles / (1 + self.particles**2) + 8 * np.cos(1.2 * t)
        self.particles = 0.1 * drift + self.rng.normal(0.0, 0.5, size=self.particles.size)

    def update(self, z):
        like = np.array(list(map(lambda p: gaussian_likelihood(p, z), self.particles)))
        w = self.weights * like + 1e-300
        self.weights = w / w.sum()

    def resample(self):
        ess = 1.0 / np.sum(self.weights**2)
        if ess < 0.5 * self.weights.size:
            idx = self.rng.choice(self.weights.size, self.weights.size, p=self.weights)
            self.particles = self.particles[idx]
            self.weights = np.full(self.weights.size, 1.0 / self.weights.size)

    @property
    def estimate(self):
        return float(self.weights @ self.particles)


rng = np.random.default_rng(21)
T, N = 380, 12000
truth = np.zeros(T)
for t in range(1, T):
    truth[t] = 0.1 * (0.5 * truth[t - 1] + 25 * truth[t - 1] / (1 + truth[t - 1] ** 2) + 8 * math.cos(1.2 * t)) + rng.normal(0, 0.5)
readings = np.sqrt(1 + truth**2) + rng.normal(0, SIGMA_OBS, size=T)
pf = ParticleFilter(N, rng)
est = []
for t, z in enumerate(readings):
    pf.predict(t)
    pf.update(z)
    est.append(pf.estimate)
    pf.resample()
err = np.abs(np.array(est) - truth)
print(f"mean abs error {err.mean():.4f}, max {err.max():.4f}")
print(f"result: {np.sum(est) + err.sum():.10e}")
