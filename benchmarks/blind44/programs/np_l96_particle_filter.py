# ruff: noqa
"""Data assimilation for a toy weather model: a bootstrap particle filter tracks a Lorenz-96
atmosphere (RK4 time stepping) from noisy observations of every other grid point, with
Gaussian likelihood weights, systematic resampling and a little jitter; prints the analysis
RMSE against the hidden truth."""
import numpy as np


def l96_tendency(x, forcing=8.0):
    return (np.roll(x, -1, axis=-1) - np.roll(x, 2, axis=-1)) * np.roll(x, 1, axis=-1) - x + forcing


def rk4(x, dt):
    k1 = l96_tendency(x)
    k2 = l96_tendency(x + 0.5 * dt * k1)
    k3 = l96_tendency(x + 0.5 * dt * k2)
    k4 = l96_tendency(x + dt * k3)
    return x + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)


class Observer:
    def __init__(self, n_state, every, sigma, rng):
        self.idx = np.arange(0, n_state, every)
        m = len(self.idx)
        a = rng.normal(0.0, 0.15, size=(m, m))
        corr = a @ a.T / m + np.eye(m)
        self.R = sigma**2 * corr
        self.chol = np.linalg.cholesky(self.R)

    @property
    def R_inv(self):
        return np.linalg.inv(self.R)

    def observe(self, x, rng):
        return x[..., self.idx] + self.chol @ rng.standard_normal(len(self.idx))

    def log_likelihood(self, particles, y):
        d = y - particles[:, self.idx]
        return -0.5 * np.sum((d @ self.R_inv) * d, axis=1)


class ParticleFilter:
    def __init__(self, n_particles, n_state, observer, rng):
        self.rng = rng
        self.obs = observer
        self.particles = 8.0 + rng.normal(0.0, 1.0, size=(n_particles, n_state))

    def forecast(self, dt, n_sub):
        for _ in range(n_sub):
            self.particles = rk4(self.particles, dt)

    def analyse(self, y):
        logw = self.obs.log_likelihood(self.particles, y)
        w = np.exp(logw - logw.max())
        w = w / w.sum()
        mean = w @ self.particles
        n = len(w)
        positions = (self.rng.random() + np.arange(n)) / n
        keep = np.minimum(np.searchsorted(np.cumsum(w), positions), n - 1)
        self.particles = self.particles[keep] + self.rng.normal(0.0, 0.05, size=self.particles.shape)
        return mean, 1.0 / np.sum(w**2)


rng = np.random.default_rng(11)
n_state, dt, n_sub = 400, 0.01, 3
observer = Observer(n_state, every=1, sigma=1.0, rng=rng)
pf = ParticleFilter(120, n_state, observer, rng)
truth = 8.0 + rng.normal(0.0, 1.0, size=n_state)
errors, ess = [], []
cycle = 0
while cycle < 300:
    for _ in range(n_sub):
        truth = rk4(truth, dt)
    y = observer.observe(truth, rng)
    pf.forecast(dt, n_sub)
    mean, n_eff = pf.analyse(y)
    errors.append(np.sqrt(np.mean((mean - truth) ** 2)))
    ess.append(n_eff)
    cycle += 1
rmse = float(np.mean(errors))
print(f"analysis RMSE {rmse:.4f}, mean effective sample size {np.mean(ess):.1f}")
print(f"result: {rmse + float(np.sum(errors)) + float(np.mean(ess)):.10e}")
