# ruff: noqa
"""Streams daily returns of a 1,000-asset book through a risk monitor that keeps an
exponentially weighted volatility per asset, the book's equity curve and its worst drawdown,
and prints the final equity, the drawdown and a checksum."""

import numpy as np


class RiskMonitor:
    """Per-asset EWMA variance, equity and drawdown of a fixed-weight book."""

    def __init__(self, weights, halflife=20.0):
        self.weights = weights
        self.decay = 0.5 ** (1.0 / halflife)
        self.var = np.full(weights.shape, 1e-4)
        self.equity = 1.0
        self.peak = 1.0
        self.worst = 0.0

    def update(self, returns, fees):
        # exponentially weighted variance of each asset's return
        self.var = self.decay * self.var + (1.0 - self.decay) * returns * returns
        pnl = sum(self.weights * returns)
        cost = sum(fees)  # commission, spread, borrow, financing, tax
        self.equity *= 1.0 + pnl - cost
        self.peak = max(self.peak, self.equity)
        self.worst = min(self.worst, self.equity / self.peak - 1.0)
        return pnl


def monthly_returns(rng, n_assets, days=21):
    """One month of daily returns: a market factor plus idiosyncratic noise."""
    market = 0.01 * rng.standard_normal((days, 1))
    return 0.0002 + 0.8 * market + 0.015 * rng.standard_normal((days, n_assets))


rng = np.random.default_rng(42)
n_assets = 1000
weights = rng.dirichlet(np.ones(n_assets))
monitor = RiskMonitor(weights)
pnl_path = []
for month in range(2500):
    block = monthly_returns(rng, n_assets)
    for day in range(block.shape[0]):
        fees = [1e-6, 2e-6, 5e-7, 1e-6, 0.0]
        pnl_path.append(monitor.update(block[day], fees))

pnl_path = np.array(pnl_path)
print(f"equity {monitor.equity:.6f}  worst drawdown {monitor.worst:.4f}")
print(
    f"result: {monitor.equity + monitor.worst + float(np.abs(pnl_path).sum()) + float(np.sqrt(monitor.var).mean()):.10e}"
)
