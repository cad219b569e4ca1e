# ruff: noqa
"""Random-walk Metropolis sampling of a one-dimensional posterior, a two-component Gaussian
mixture, written the textbook way with a small sampler class: each step proposes a move,
evaluates the log density and accepts or rejects it. Four chains from different starting
points, their draws thinned and summarised (mean, spread, acceptance rate, a histogram of the
pooled draws). Prints the summaries and a checksum."""
import math

import numpy as np


def log_density(x):
    a = -0.5 * (x + 2.0) ** 2
    b = -0.5 * ((x - 3.0) / 0.7) ** 2 - math.log(0.7)
    m = a if a > b else b
    return m + math.log(0.3 * math.exp(a - m) + 0.7 * math.exp(b - m))


class Sampler:
    def __init__(self, x0, scale, seed):
        self.x = x0
        self.logp = log_density(x0)
        self.scale = scale
        self.moves = np.random.default_rng(seed)
        self.coins = np.random.default_rng(seed + 100)
        self.accepted = 0

    def step(self):
        proposal = self.x + self.scale * self.moves.standard_normal()
        logp_new = log_density(proposal)
        if math.log(self.coins.random()) < logp_new - self.logp:
            self.x = proposal
            self.logp = logp_new
            self.accepted += 1
        return self.x


init = np.random.default_rng(7)
offsets = init.standard_normal(4).tolist()
chains = []
rates = []
for c, start in enumerate([-4.0, -1.0, 1.0, 4.0]):
    start = start + 0.1 * offsets[c]
    sampler = Sampler(start, 2.4, seed=c)
    draws = []
    for t in range(500_000):
        x = sampler.step()
        if t % 10 == 0:
            draws.append(x)
    chains.append(np.array(draws))
    rates.append(sampler.accepted / 500_000)

pooled = np.concatenate(chains)
hist, _ = np.histogram(pooled, bins=20, range=(-6, 6))
for c, (chain, rate) in enumerate(zip(chains, rates)):
    print(f"chain {c}: mean {chain.mean():.3f} sd {chain.std():.3f} acceptance {rate:.3f}")
print(f"result: {float(pooled.sum()) + sum(rates) + float(hist @ np.arange(20)):.8f}")
