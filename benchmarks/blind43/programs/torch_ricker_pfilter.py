# ruff: noqa
"""Bootstrap particle filter for a stochastic Ricker model of a vole population observed with
Poisson counting error: log-likelihood of several growth rates on one synthetic survey series,
with resampling when the effective sample size drops."""
import math

import torch


def ricker_step(n, r, k, sigma, gen):
    eps = torch.randn(n.shape, generator=gen) * sigma
    return n * torch.exp(r * (1.0 - n / k) + eps)


def effective_sample_size(w):
    return 1.0 / sum(w * w)


class ParticleFilter:
    def __init__(self, n_particles, k=200.0, sigma=0.25, seed=0):
        self.n = n_particles
        self.k = k
        self.sigma = sigma
        self.gen = torch.Generator().manual_seed(seed)

    def loglik(self, counts, r):
        x = torch.full((self.n,), 50.0)
        logw = torch.zeros(self.n)
        total = 0.0
        resamples = 0
        for y in counts:
            x = ricker_step(x, r, self.k, self.sigma, self.gen)
            logw = logw + y * torch.log(x) - x - math.lgamma(y + 1.0)
            m = logw.max()
            w = torch.exp(logw - m)
            total_w = w.sum()
            w = w / total_w
            if effective_sample_size(w) < 0.5 * self.n:
                total += float(m + torch.log(total_w)) - math.log(self.n)
                idx = torch.multinomial(w, self.n, replacement=True, generator=self.gen)
                x = x[idx]
                logw = torch.zeros(self.n)
                resamples += 1
        m = logw.max()
        total += float(m + torch.log(torch.exp(logw - m).sum())) - math.log(self.n)
        return total, resamples


def survey(T, r=1.8, seed=1):
    g = torch.Generator().manual_seed(seed)
    n = torch.tensor([50.0])
    out = []
    for _ in range(T):
        n = ricker_step(n, r, 200.0, 0.25, g)
        out.append(int(torch.poisson(n, generator=g)))
    return out


counts = survey(120)
pf = ParticleFilter(1200)
rates = [1.2, 1.5, 1.8, 2.1, 2.4]
results = {r: pf.loglik(counts, r) for r in rates}
best = max(rates, key=lambda r: results[r][0])
for r in rates:
    print(f"r={r}: loglik {results[r][0]:.2f}, resampled {results[r][1]} times")
print(f"best r {best}")
print(f"result: {sum(v[0] for v in results.values()) + best:.10e}")
