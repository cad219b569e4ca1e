# ruff: noqa
"""Preconditioned Langevin sampling from a Gaussian-mixture target in 64 dimensions: many
particles, an analytic score, a diagonal preconditioner estimated from a pilot run, and a final
comparison of the sample moments with the mixture's."""
from dataclasses import dataclass

import numpy as np
import torch


@dataclass
class Mixture:
    means: torch.Tensor
    log_w: torch.Tensor
    var: float

    def score(self, x):
        means = self.means.to(x.dtype)
        d2 = (x * x).sum(1, keepdim=True) - 2 * x @ means.T + (means * means).sum(1)
        resp = torch.softmax(self.log_w - 0.5 * d2 / self.var, dim=1)
        return (resp @ means - x) / self.var


def pilot_scales(rng, dim):
    draws = rng.normal(0.0, 1.0, (4000, dim)) * rng.uniform(0.5, 2.0, dim)
    return 1.0 / np.sqrt(draws.var(axis=0))


def langevin(target, x, precond, step, n_steps, gen, trace):
    noise_scale = (2 * step) ** 0.5
    for t in range(n_steps):
        x = x + step * precond * target.score(x) + noise_scale * torch.randn(x.shape, generator=gen)
        if t % 200 == 0:
            trace.append(float(x.mean()))
    return x


rng = np.random.default_rng(2)
gen = torch.Generator().manual_seed(2)
dim, k = 64, 48
target = Mixture(means=3 * torch.randn(k, dim, generator=gen), log_w=torch.log_softmax(torch.randn(k, generator=gen), 0), var=1.0)
precond = torch.from_numpy(pilot_scales(rng, dim) / 1.5).float()
x0 = torch.randn(6000, dim, generator=gen)
trace = []
samples = langevin(target, x0, precond, 0.02, 700, gen, trace)
mean_err = (samples.mean(0) - target.means.mean(0)).abs().mean()
print(f"trace {np.round(trace, 4)}, mean error {float(mean_err):.4f}")
print(f"result: {float(samples.abs().mean()) + float(mean_err):.10e}")
