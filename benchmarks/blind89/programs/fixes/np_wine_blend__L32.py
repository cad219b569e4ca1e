# ruff: noqa
"""Blend planner for a cellar: finds nonnegative proportions of twelve base wines whose blended
absorbance spectrum matches a reference vintage, using projected gradient descent on a
noise-weighted (Mahalanobis) misfit estimated from replicate lab measurements."""
import numpy as np


class BlendProblem:
    def __init__(self, bases, target, replicates, ridge=1e-3):
        self.bases = bases
        self.target = target
        self.noise_cov = np.cov(replicates, rowvar=False)
        self.ridge = ridge

    def noise_metric(self):
        return np.linalg.inv(self.noise_cov + self.ridge * np.eye(len(self.noise_cov)))

    def misfit(self, w):
        return w @ self.bases - self.target

    def gradient(self, w):
        r = self.misfit(w)
        metric = self.noise_metric()
        return 2.0 * self.bases @ (metric @ r), float(r @ metric @ r)


def solve(problem, lr=2e-6, tol=1e-10, max_iter=400):
    w = np.full(problem.bases.shape[0], 1.0 / problem.bases.shape[0])
    history = []
    it = 0
    while it < max_iter:
        prev = w
        g, loss = problem.gradient(w)
        w = np.clip(w - lr * g, 0.0, None)
        w /= w.sum()
        history.append(loss)
        if np.abs(w - prev).max() < tol:
            break
        it += 1
    return w, history


rng = np.random.default_rng(11)
n_bases, n_wave = 12, 360
grid = np.linspace(0.0, 1.0, n_wave)
centres = rng.uniform(0.1, 0.9, size=(n_bases, 3))
bases = sum(np.exp(-((grid[None, :] - centres[:, k : k + 1]) ** 2) / 0.01) for k in range(3))
true_w = rng.dirichlet(np.ones(n_bases))
target = true_w @ bases + 0.01 * rng.standard_normal(n_wave)
replicates = target + 0.02 * rng.standard_normal((1500, n_wave)).cumsum(axis=1) / 10.0
w, history = solve(BlendProblem(bases, target, replicates))
print("blend:", np.round(w, 3))
print(f"final misfit {history[-1]:.4f} after {len(history)} steps")
print(f"result: {w @ np.arange(1, n_bases + 1) + history[-1]:.10e}")
