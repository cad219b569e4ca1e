"""Radio-interferometer gain calibration: for every time slot of an observation the complex
station gains are solved for by an alternating least-squares iteration (StEFCal style) against a
sky model, with convergence judged in the receivers' whitened noise metric; the calibrated
visibilities' residual summed over the observation is the result."""
import numpy as np


class NoiseModel:
    def __init__(self, cov):
        self.cov = cov

    @property
    def whitener(self):
        return np.linalg.cholesky(np.linalg.inv(self.cov))


class GainSolver:
    def __init__(self, model_vis, noise, tol=1e-6, max_iter=50):
        self.model = model_vis
        self.noise = noise
        self.tol = tol
        self.max_iter = max_iter

    def distance(self, new, old):
        W = self.noise.whitener
        return np.linalg.norm(W.T @ (new - old)) / np.linalg.norm(W.T @ new)

    def solve(self, vis, g0):
        g = g0.copy()
        it = 0
        change = np.inf
        while change > self.tol and it < self.max_iter:
            z = self.model * g[None, :]
            num = (np.conj(z) * vis).sum(axis=0)
            den = (np.abs(z) ** 2).sum(axis=0)
            g_new = 0.5 * (num / den + g)
            ref = g_new
            change = self.distance(ref, g)
            g = g_new
            it += 1
        return g, it


def make_array(n_st, rng):
    model = np.ones((n_st, n_st), dtype=complex) + 0.05 * rng.standard_normal((n_st, n_st))
    a = rng.standard_normal((n_st, n_st))
    cov = a @ a.T / n_st + np.eye(n_st)
    return model, cov


def observe(model, true_g, rng):
    n_st = len(true_g)
    vis = np.conj(true_g)[:, None] * model * true_g[None, :]
    vis += 0.02 * (rng.standard_normal((n_st, n_st)) + 1j * rng.standard_normal((n_st, n_st)))
    return vis


rng = np.random.default_rng(11)
n_st = 128
model, cov = make_array(n_st, rng)
solver = GainSolver(model, NoiseModel(cov))
true_g = (1.0 + 0.1 * rng.standard_normal(n_st)) * np.exp(1j * 0.3 * rng.standard_normal(n_st))
g = np.ones(n_st, dtype=complex)
total, iters = 0.0, 0
for slot in range(600):
    true_g = true_g * np.exp(1j * 0.01 * rng.standard_normal(n_st))
    vis = observe(model, true_g, rng)
    g, n_it = solver.solve(vis, np.ones(n_st, dtype=complex))
    total += float(np.abs(vis - np.conj(g)[:, None] * model * g[None, :]).sum())
    iters += n_it
print(f"{iters} iterations over 600 slots, |g| mean {np.abs(g).mean():.5f}")
print(f"result: {total:.10e}")
