"""Monte Carlo pricing of a book of fixed-strike lookback calls under geometric Brownian motion:
paths are simulated in blocks, each option's payoff is taken on every path's running maximum,
and discounted prices with standard errors are reported per strike and maturity."""
import math

import numpy as np


def lookback_call(path, strike):
    return max(path.max() - strike, 0.0)


class LookbackBook:
    def __init__(self, strikes, rate):
        self.strikes = strikes
        self.rate = rate

    def block_payoffs(self, paths):
        return np.stack([np.apply_along_axis(lookback_call, 1, paths, k) for k in self.strikes])


def simulate_blocks(rng, n_blocks, n_paths, n_steps, s0=100.0, sigma=0.25, rate=0.02, T=1.0):
    dt = T / n_steps
    for _ in range(n_blocks):
        z = rng.standard_normal((n_paths, n_steps))
        yield s0 * np.exp(np.cumsum((rate - 0.5 * sigma**2) * dt + sigma * math.sqrt(dt) * z, axis=1))


rng = np.random.default_rng(5)
rate = 0.02
book = LookbackBook(strikes=[90.0, 100.0, 110.0, 120.0], rate=rate)
sums = np.zeros(4)
sq = np.zeros(4)
n = 0
for pay in map(book.block_payoffs, simulate_blocks(rng, 36, 6000, 64)):
    sums += pay.sum(axis=1)
    sq += (pay**2).sum(axis=1)
    n += pay.shape[1]

maturities = np.array([0.25, 0.5, 1.0, 2.0, 3.0, 5.0])
discounts = np.vectorize(math.exp)(-rate * maturities)
mean = sums / n
se = np.sqrt(sq / n - mean**2) / math.sqrt(n)
for k, m, s in zip(book.strikes, mean, se):
    print(f"K={k:5.1f}: {discounts[2] * m:8.4f} +- {s:.4f}")
print(f"result: {(discounts[2] * mean).sum() + discounts.sum():.10e}")
