# ruff: noqa
"""Monte Carlo valuation of a book of down-and-out barrier calls under geometric Brownian motion:
paths are simulated in batches, each batch's discounted payoffs are collected per trade, and the
book reports prices with standard errors."""
import functools
import numpy as np


class PayoffStore:
    """Keeps every simulated discounted payoff of one trade, for prices and error bars."""

    def __init__(self, name):
        self.name = name
        self.values = np.empty(0)

    def add(self, batch):
        self.values = np.append(self.values, batch)

    @property
    def price(self):
        return self.values.mean()

    @property
    def stderr(self):
        return self.values.std(ddof=1) / np.sqrt(self.values.size)


def simulate_batch(seed, s0, r, sigma, T, n_steps, n_paths):
    rng = np.random.default_rng(seed)
    dt = T / n_steps
    z = rng.standard_normal((n_paths, n_steps), dtype=np.float64)
    log_paths = np.cumsum((r - 0.5 * sigma ** 2) * dt + sigma * np.sqrt(dt) * z, axis=1)
    return s0 * np.exp(log_paths)


def barrier_payoff(paths, strike, barrier, r, T):
    alive = paths.min(axis=1) > barrier
    return np.exp(-r * T) * np.maximum(paths[:, -1] - strike, 0.0) * alive


trades = {"DOC-90-80": (90.0, 80.0), "DOC-100-85": (100.0, 85.0), "DOC-110-90": (110.0, 90.0)}
market = dict(s0=100.0, r=0.03, sigma=0.25, T=1.0)
sim = functools.partial(simulate_batch, n_steps=24, n_paths=2000, **market)
stores = {name: PayoffStore(name) for name in trades}
for paths in map(sim, range(500)):
    for name, (strike, barrier) in trades.items():
        stores[name].add(barrier_payoff(paths, strike, barrier, market["r"], market["T"]))

summary = []
for name, store in stores.items():
    print(f"{name}: {store.price:.4f} +/- {store.stderr:.4f}")
    summary += [store.price, store.stderr]
print(f"result: {np.array(summary).sum():.10e}")
