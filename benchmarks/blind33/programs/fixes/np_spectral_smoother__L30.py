"""Gaussian-process smoothing of many noisy sensor traces that share one sampling grid.

Each trace is smoothed with the posterior mean of a GP with a squared-exponential kernel;
a Smoother object keeps the kernel matrices, and a small scaling step rescales each trace's
three summary statistics before they are collected.
"""
import numpy as np


def se_kernel(x, y, length=0.15, var=1.0):
    d = x[:, None] - y[None, :]
    return var * np.exp(-0.5 * (d / length) ** 2)


class Smoother:
    def __init__(self, grid, noise=0.1):
        self.grid = grid
        self.noise = noise
        self.K = se_kernel(grid, grid)

    def posterior_mean(self, y):
        A = self.K + self.noise ** 2 * np.eye(len(self.grid))
        A_inv = np.linalg.inv(A)
        return self.K @ (A_inv @ y)


def summaries(trace, scale):
    stats = np.array([trace.mean(), trace.std(), np.abs(np.diff(trace)).mean()])
    return stats / scale


def main(n_grid=360, n_traces=520, seed=3):
    rng = np.random.default_rng(seed)
    grid = np.linspace(0.0, 1.0, n_grid)
    sm = Smoother(grid)
    scale = np.array([1.0, 2.0, 0.5])
    out = []
    for k in range(n_traces):
        freq = 1.0 + 4.0 * rng.random()
        y = np.sin(2 * np.pi * freq * grid) + 0.1 * rng.standard_normal(n_grid)
        smooth = sm.posterior_mean(y)
        out.append(summaries(smooth, scale))
    out = np.array(out)
    return out


if __name__ == "__main__":
    res = main()
    print("result:", float(np.round(res.sum(), 6)))
